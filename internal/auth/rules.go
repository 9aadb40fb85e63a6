package auth

import (
	_ "embed"
	"strings"
	"unicode/utf8"

	"corpsite/internal/domain"
)

//go:generate go run ./internal/gencommon

// Password length bounds, in characters (runes).
const (
	MinPasswordLen = 12
	MaxPasswordLen = 128
)

// Messages for a password that breaks a rule (the field error on "password").
const (
	MsgPasswordShort    = "Use at least 12 characters."
	MsgPasswordLong     = "Use at most 128 characters."
	MsgPasswordCommon   = "This password is too common. Choose another."
	MsgPasswordPersonal = "Do not use your e-mail address or name as the password."
)

//go:embed common-passwords.txt
var commonFile string

// common is the set of common passwords, lower-case.
var common = func() map[string]struct{} {
	m := map[string]struct{}{}
	for line := range strings.Lines(commonFile) {
		line = strings.TrimRight(line, "\r\n")
		if line != "" && !strings.HasPrefix(line, "#") {
			m[line] = struct{}{}
		}
	}
	return m
}()

// CommonPasswords is how many entries the shipped list has.
func CommonPasswords() int { return len(common) }

// CheckPassword applies the password rules for the account with the given
// e-mail address and name: 12 to 128 characters, not a common password
// (compared regardless of case), not the e-mail address, its local part
// or the name. It returns an EInvalid error with the message on the
// "password" field, or nil.
func CheckPassword(password, email, name string) error {
	msg := passwordProblem(password, email, name)
	if msg == "" {
		return nil
	}
	return &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{"password": msg}}
}

func passwordProblem(password, email, name string) string {
	n := utf8.RuneCountInString(password)
	switch {
	case n < MinPasswordLen:
		return MsgPasswordShort
	case n > MaxPasswordLen:
		return MsgPasswordLong
	}
	lower := strings.ToLower(strings.TrimSpace(password))
	if _, ok := common[lower]; ok {
		return MsgPasswordCommon
	}
	squash := func(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), "") }
	email = strings.ToLower(strings.TrimSpace(email))
	local, _, _ := strings.Cut(email, "@")
	for _, personal := range []string{email, local, squash(name)} {
		if personal != "" && (lower == personal || squash(password) == personal) {
			return MsgPasswordPersonal
		}
	}
	return ""
}
