// Package domain holds the site's entities, their validation rules, the
// store and blob interfaces and the error kinds every other package speaks.
// It depends on the standard library only; everything else may import it.
package domain

import (
	"errors"
	"fmt"
)

// Error codes. Each maps to one HTTP status in the server package.
const (
	EInvalid      = "invalid"      // the caller sent something we cannot accept (400/422)
	ENotFound     = "not_found"    // no such record (404)
	EGone         = "gone"         // the record existed but is no longer offered (410)
	EConflict     = "conflict"     // the record changed or already exists (409)
	EUnauthorized = "unauthorized" // sign-in required or refused (401/403)
	ETooMany      = "rate_limited" // too many requests from one client (429)
	EBusy         = "busy"         // the site is at capacity, nobody's fault; try again later (503)
	EInternal     = "internal"     // our fault; details only in the log (500)
)

// Error is an error with a kind, a message a visitor can act on and,
// for validation failures, one message per invalid field.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
	// Err is the underlying cause, logged but never shown.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldError is an EInvalid refusal of one field of a form, with msg as
// both the error's message and the field's.
func FieldError(field, msg string) *Error {
	return &Error{Code: EInvalid, Message: msg, Fields: map[string]string{field: msg}}
}

// NotFound returns an ENotFound error naming what was missing.
func NotFound(what string) *Error {
	return &Error{Code: ENotFound, Message: what + " not found."}
}

// ErrorCode returns the code of err: its own when it is an *Error,
// EInternal for any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	default:
		return EInternal
	}
}

// ErrorMessage returns the message a visitor may see for err. Internal
// errors never reveal their cause.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != EInternal {
		return e.Message
	}
	return "Internal error."
}

// ErrorFields returns the per-field messages of a validation error.
func ErrorFields(err error) map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// IsNotFound reports whether err is of kind ENotFound.
func IsNotFound(err error) bool { return ErrorCode(err) == ENotFound }
