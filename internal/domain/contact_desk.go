package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Contact messages answered in the console: each message has a thread of
// staff's internal notes and the replies sent from the console.
const (
	// MaxContactThread bounds the notes and replies one message can hold,
	// so that opening it stays a bounded read.
	MaxContactThread = 200
	// MaxContactNoteChars bounds a note on a message, in characters.
	MaxContactNoteChars = 5000
	// MaxReplyChars bounds a reply's text, in characters.
	MaxReplyChars = 10000
	// MaxReplySubjectChars bounds a reply's subject, in characters.
	MaxReplySubjectChars = 200
	// MaxContactQuery bounds the console's search of messages, in
	// characters.
	MaxContactQuery = 100
)

// ContactThreadKind says what an entry of a message's thread is.
type ContactThreadKind string

// Thread entries: a note is for staff only; a reply was e-mailed to the
// sender.
const (
	ThreadNote  ContactThreadKind = "note"
	ThreadReply ContactThreadKind = "reply"
)

// ContactThreadEntry is a note or a reply on a contact message. It is
// deleted with the message. The author's name is kept as it was when
// written, so an entry outlives a removed account.
type ContactThreadEntry struct {
	ID         string            `json:"id"`
	MessageID  string            `json:"messageId"`
	Kind       ContactThreadKind `json:"kind"`
	AuthorID   string            `json:"authorId"`
	AuthorName string            `json:"authorName"`
	// To and Subject are a reply's address and subject ("" for a note).
	To      string `json:"to,omitempty"`
	Subject string `json:"subject,omitempty"`
	Body    string `json:"body"`
	// OutboxID is a reply's e-mail in the outbox; OutboxStatus is read
	// from it ("" for a note, or once the outbox has forgotten it).
	OutboxID     string       `json:"outboxId,omitempty"`
	OutboxStatus OutboxStatus `json:"outboxStatus,omitempty"`
	CreatedAt    time.Time    `json:"createdAt"`
}

// ContactSearchKey is what the console's search of messages compares
// with: the sender's name, address, subject and text, lower-cased in Go
// so that both engines compare alike.
func ContactSearchKey(m ContactMessage) string {
	return strings.ToLower(m.Name + "\n" + m.Email + "\n" + m.Subject + "\n" + m.Message)
}

// MayHandleMessages reports whether a role may read and answer contact
// messages (and so be assigned one).
func (r Role) MayHandleMessages() bool { return r.Allowed(RoleEditor) }

// textError is an EInvalid error naming field.
func textError(field, msg string) error {
	return &Error{Code: EInvalid, Message: msg, Fields: map[string]string{field: msg}}
}

// checkText checks a trimmed text field: readable, not empty, at most
// max characters.
func checkText(field, text string, max int, empty, long string) error {
	switch c := utf8.RuneCountInString(text); {
	case !utf8.ValidString(text):
		return textError(field, "The text could not be read. Please type it again.")
	case c == 0:
		return textError(field, empty)
	case c > max:
		return textError(field, long)
	}
	return nil
}

// ValidateContactNote checks a trimmed note's body.
func ValidateContactNote(body string) error {
	return checkText("body", body, MaxContactNoteChars, "Write the note before adding it.",
		"A note can be at most 5000 characters long.")
}

// ReplySubject is the subject of a reply to a message whose subject is
// theirs: "Re: " and theirs, unless it starts with "Re:" already.
func ReplySubject(theirs string) string {
	theirs = strings.TrimSpace(theirs)
	if len(theirs) >= 3 && strings.EqualFold(theirs[:3], "re:") {
		return theirs
	}
	if theirs == "" {
		return "Re: your message"
	}
	return "Re: " + theirs
}

// ValidateReply checks a trimmed reply's subject and text.
func ValidateReply(subject, body string) error {
	if err := checkText("body", body, MaxReplyChars, "Write the reply before sending it.",
		"A reply can be at most 10000 characters long."); err != nil {
		return err
	}
	if strings.ContainsAny(subject, "\r\n") {
		return textError("subject", "The subject must be one line.")
	}
	return checkText("subject", subject, MaxReplySubjectChars, "Write a subject, or leave the suggested one.",
		"A subject can be at most 200 characters long.")
}
