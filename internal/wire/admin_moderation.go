package wire

import "time"

// The staff console's contact messages, comment moderation and mail
// outbox (/api/admin/messages, /comments, /mail).

// ContactFolderCounts are the sizes of the message folders, for their tabs.
type ContactFolderCounts struct {
	Inbox    int `json:"inbox"`
	Unread   int `json:"unread"` // new messages in the inbox
	Archived int `json:"archived"`
	Spam     int `json:"spam"`
}

// ContactMessageRow is a contact message in a folder's list.
type ContactMessageRow struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Subject   string `json:"subject"`
	FirstLine string `json:"firstLine"` // the message's first line, shortened
	Status    string `json:"status"`    // new, read or archived
	Spam      bool   `json:"spam"`
	// ReceivedAt is when the message was sent.
	ReceivedAt time.Time `json:"receivedAt"`
	// AssignedTo is the ID of the member of staff handling it ("" = no
	// one); AssigneeName their name.
	AssignedTo   string `json:"assignedTo"`
	AssigneeName string `json:"assigneeName"`
}

// ContactMessageList is GET /api/admin/messages?folder=&q=&assigned=&page=:
// one page of a folder, newest first, searched and filtered.
type ContactMessageList struct {
	Folder string `json:"folder"` // inbox, archived or spam
	// Query is the search (name, e-mail, subject, text) and Assigned the
	// assignment filter ("", me or none), as applied.
	Query    string              `json:"query"`
	Assigned string              `json:"assigned"`
	Messages []ContactMessageRow `json:"messages"`
	Total    int                 `json:"total"` // messages the folder's search and filter select
	Page     int                 `json:"page"`
	PageSize int                 `json:"pageSize"`
	Counts   ContactFolderCounts `json:"counts"`
}

// ContactMessageDetail is GET /api/admin/messages/{id} (opening a new
// message marks it read) and the answer to PATCH. Message is plain text.
type ContactMessageDetail struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	Email      string    `json:"email"`
	Subject    string    `json:"subject"`
	Message    string    `json:"message"`
	Status     string    `json:"status"`
	Spam       bool      `json:"spam"`
	ReceivedAt time.Time `json:"receivedAt"`
	// AssignedTo is the ID of the member of staff handling it ("" = no
	// one); AssigneeName their name.
	AssignedTo   string `json:"assignedTo"`
	AssigneeName string `json:"assigneeName"`
	// Handlers are the active members of staff it may be assigned to.
	Handlers []StaffChoice `json:"handlers"`
	// Thread is staff's notes and the replies sent, oldest first.
	Thread []ContactThreadEntry `json:"thread"`
	// Mailbox is the company's address, where the sender's answers to
	// replies arrive (there is no inbound mail in the console).
	Mailbox string `json:"mailbox"`
}

// StaffChoice is a member of staff offered in a choice.
type StaffChoice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ContactThreadEntry is a note (staff only) or a reply (e-mailed to the
// sender) on a contact message.
type ContactThreadEntry struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"` // note or reply
	AuthorName string `json:"authorName"`
	// To and Subject are a reply's address and subject.
	To      string `json:"to"`
	Subject string `json:"subject"`
	Body    string `json:"body"`
	// OutboxStatus is a reply's e-mail in the outbox: queued, sending,
	// sent, failed, or "" once the outbox no longer holds it.
	OutboxStatus string    `json:"outboxStatus"`
	CreatedAt    time.Time `json:"createdAt"`
}

// ContactAssign is the body of PUT /api/admin/messages/{id}/assignee:
// the member of staff to handle it, "" for no one.
type ContactAssign struct {
	StaffID string `json:"staffId"`
}

// ContactReply is the body of POST /api/admin/messages/{id}/replies:
// subject "" is "Re: " and the message's subject.
type ContactReply struct {
	Subject string `json:"subject"`
	Body    string `json:"body"`
}

// ContactMessagePatch is the body of PATCH /api/admin/messages/{id}: a
// new status (new, read, archived), and/or spam false to take the
// message out of the Spam folder. At least one is required.
type ContactMessagePatch struct {
	Status *string `json:"status,omitempty"`
	Spam   *bool   `json:"spam,omitempty"`
}

// CommentCounts are the number of comments of each status, for the tabs.
type CommentCounts struct {
	Held    int `json:"held"`
	Visible int `json:"visible"`
	Spam    int `json:"spam"`
}

// ReviewComment is a comment as staff review it.
type ReviewComment struct {
	ID        string    `json:"id"`
	PostID    string    `json:"postId"`
	PostTitle string    `json:"postTitle"`
	PostPath  string    `json:"postPath"` // the post's address on the site, /blog/{slug} or /blog/{id}
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Website   string    `json:"website"`
	Comment   string    `json:"comment"` // plain text
	Status    string    `json:"status"`  // held, visible or spam
	CreatedAt time.Time `json:"createdAt"`
}

// ReviewCommentList is GET /api/admin/comments?status=&page=: one page of
// the comments with a status, newest first.
type ReviewCommentList struct {
	Status   string          `json:"status"`
	Comments []ReviewComment `json:"comments"`
	Total    int             `json:"total"`
	Page     int             `json:"page"`
	PageSize int             `json:"pageSize"`
	Counts   CommentCounts   `json:"counts"`
}

// CommentBulkRequest is the body of POST /api/admin/comments/bulk: an
// action (approve, spam, hold or delete) on up to 100 comments.
type CommentBulkRequest struct {
	IDs    []string `json:"ids"`
	Action string   `json:"action"`
}

// CommentBulkResult is the answer to a bulk action: how many comments it
// changed (IDs no longer there are skipped) and a sentence saying so.
type CommentBulkResult struct {
	Action  string `json:"action"`
	Count   int    `json:"count"`
	Message string `json:"message"` // e.g. "3 comments approved."
}

// OutboxCounts are the number of outgoing e-mails of each status.
type OutboxCounts struct {
	Queued  int `json:"queued"`
	Sending int `json:"sending"`
	Sent    int `json:"sent"`
	Failed  int `json:"failed"`
}

// OutboxRow is an outgoing e-mail as admins see it: never its body,
// which may hold a visitor's or an applicant's words.
type OutboxRow struct {
	ID        string `json:"id"`
	To        string `json:"to"`
	Subject   string `json:"subject"`
	Status    string `json:"status"` // queued, sending, sent or failed
	Attempts  int    `json:"attempts"`
	LastError string `json:"lastError"`
	// NextAttemptAt is when a queued message is due (or a sending one's
	// lease ends); meaningless once sent or failed.
	NextAttemptAt time.Time  `json:"nextAttemptAt"`
	CreatedAt     time.Time  `json:"createdAt"`
	SentAt        *time.Time `json:"sentAt,omitempty"`
}

// OutboxMessage is GET /api/admin/mail/{id} (admins, audited): one
// e-mail with its bodies. Text is the plain-text body; HTML, when not "",
// is the HTML alternative, which the console shows in a sandbox that runs
// no scripts.
type OutboxMessage struct {
	Row     OutboxRow `json:"row"`
	ReplyTo string    `json:"replyTo"`
	Text    string    `json:"text"`
	HTML    string    `json:"html"`
}

// OutboxList is GET /api/admin/mail?status=&page=: one page of the
// outbox, newest first.
type OutboxList struct {
	Status   string       `json:"status"` // "" for all
	Messages []OutboxRow  `json:"messages"`
	Total    int          `json:"total"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
	Counts   OutboxCounts `json:"counts"`
}
