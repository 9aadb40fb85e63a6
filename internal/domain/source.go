package domain

import "strings"

// Where an application came from: the "src" (or "utm_source") of the
// job or apply link the applicant followed, kept by the site for the
// visit and sent with the application. It is a short token chosen by
// whoever made the link ("linkedin", "naukri", "referral-2026"), never
// personal data.

// SourceMax is the longest source kept, in characters.
const SourceMax = 40

// NoSource is the value of the console's source filter that selects the
// applications sent without a source (applications stored before sources
// were kept among them). It is not a source itself: a source begins with
// a letter or a digit.
const NoSource = "-"

// NormalizeSource returns a link's source as it is stored: trimmed and
// lower-cased, when it is 1 to SourceMax characters of ASCII letters,
// digits, '-', '_' and '.', beginning with a letter or a digit; "" for
// anything else. A visitor cannot mend the link they followed, so a bad
// source is dropped, never refused: the application goes through without
// one. The web app does the same (web/src/lib/visit-source.ts); the cases
// in testdata/source-cases.json hold the two together.
func NormalizeSource(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > SourceMax || !isAlnum(s[0]) {
		return ""
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return ""
		}
	}
	return strings.ToLower(s)
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
