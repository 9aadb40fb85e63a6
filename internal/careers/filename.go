package careers

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CleanFileName returns the name of a document as the applicant's
// computer knows it, or a message saying what is wrong with it (label
// names the document: "resume"). Only the last part of a path is kept
// (some browsers send C:\Users\a\cv.pdf, which becomes cv.pdf; a/b/cv.pdf
// becomes cv.pdf): a path is no fault of the applicant's. A name with
// control characters or text-direction controls is refused with words
// saying so: those make a name read otherwise than it is ("cv\u202Efdp.exe"
// shows as "cvexe.pdf"), so they are not silently dropped.
func CleanFileName(label, name string) (clean, msg string) {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	the := "The " + label + "'s file name"
	switch {
	case name == "" || name == "." || name == "..":
		return "", the + " names a folder, not a file. Please choose the file again."
	case !utf8.ValidString(name):
		return "", the + " is not valid text. Please rename the file and choose it again."
	case strings.ContainsFunc(name, isBidiControl):
		return "", the + " contains text-direction characters (such as right-to-left override) that make it read differently from what it is. Please rename the file and choose it again."
	case strings.ContainsFunc(name, unicode.IsControl):
		return "", the + " contains control characters (such as a tab or line break). Please rename the file and choose it again."
	}
	return name, ""
}

// isBidiControl reports the characters that change the direction text is
// shown in: the embeddings and overrides U+202A–U+202E, the isolates
// U+2066–U+2069, and the marks U+200E, U+200F and U+061C.
func isBidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069') ||
		r == '\u200E' || r == '\u200F' || r == '\u061C'
}
