package domain

import "time"

// ApplicationToday is the day an application's dates are checked against
// (YYYY-MM-DD): the date in the earliest time zone on Earth (UTC−12). The
// browser checks against the visitor's own date, which is never earlier,
// so a start date of "today" the form accepted is never refused by the
// server for being in the past.
func ApplicationToday(now time.Time) string {
	return now.UTC().Add(-12 * time.Hour).Format(time.DateOnly)
}

// ValidateApplication checks the flattened, normalised fields of an
// application (wire.ApplicationRequest's Normalize, then Fields) against
// ApplicationRules and returns path → message for every field that fails,
// or nil when all pass. today (YYYY-MM-DD, see ApplicationToday) anchors
// the date bounds; when it is not a date, the bounds are not checked.
//
// files maps the part names ("resume", "nationalIdDocument",
// "certification.0") of the documents that came with the application.
// When files is nil the file rules are skipped: the server checks the
// text before it reads any file, then the files alone with
// ValidateApplicationFiles (and each with CheckFileMeta as it streams in).
func ValidateApplication(fields map[string]string, files map[string]FileMeta, today string) map[string]string {
	problems := ValidateForm(&ApplicationRules, fields, today)
	if files == nil {
		return problems
	}
	all := fieldErrors(problems)
	if all == nil {
		all = fieldErrors{}
	}
	for part, msg := range ValidateApplicationFiles(fields, files) {
		all.add(part, msg) // a field's own message first, as a forged part may take its name
	}
	if len(all) == 0 {
		return nil
	}
	return all
}

// ValidateApplicationFiles checks the documents that came with an
// application whose fields ValidateApplication found valid: part →
// message for every part that fails, or nil.
func ValidateApplicationFiles(fields map[string]string, files map[string]FileMeta) map[string]string {
	return ValidateFiles(&ApplicationRules, fields, files)
}

// ApplicationError returns the error an API answers for the problems
// ValidateApplication or CheckFileMeta found, or nil when there are none.
func ApplicationError(problems map[string]string) error {
	return FormError(problems)
}

// CheckFileMeta checks one received document: part is its multipart part
// name ("resume", "certification.0"), name the file name the browser sent
// and size its length in bytes. It returns the message for the part, or ""
// when the file is acceptable. Whether a certification with that index
// exists is for ValidateApplicationFiles to say.
//
// While streaming, check the name with CheckFileName before reading the
// part, read at most FileMaxBytes(part)+1 bytes, then call CheckFileMeta
// with the count read: one byte over the limit gives the too-large message,
// none the empty-file one.
func CheckFileMeta(part, name string, size int64) string {
	r, ok := ApplicationRules.fileRule(part)
	if !ok {
		return ApplicationRules.UnexpectedFile
	}
	return fileProblem(r, name, size)
}

// CheckFileName checks what can be known of a document before its first
// byte: that the part is one the form sends and that the file name is
// acceptable (length, extension). It returns the message, or "".
func CheckFileName(part, name string) string {
	r, ok := ApplicationRules.fileRule(part)
	if !ok {
		return ApplicationRules.UnexpectedFile
	}
	return fileProblem(r, name, 1) // one byte: neither empty nor too large
}

// FileMaxBytes returns the size limit of a file part, and 0 for a part
// the form does not send.
func FileMaxBytes(part string) int64 {
	r, _ := ApplicationRules.fileRule(part)
	return r.MaxBytes
}

// IsBlankEntry reports whether every field of entry i of an application's
// list is empty, the fields its count rule's BlankIgnores names excepted.
// With the list's IgnoreBlankFirst, a blank first entry is not validated
// and should not be stored.
func IsBlankEntry(fields map[string]string, list string, i int) bool {
	return ApplicationRules.isBlankEntry(fields, list, i)
}
