package editing

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"corpsite/internal/domain"
)

// asciiLetters spell in ASCII the characters that dropping accents does
// not bring to it (ß → ss, & → and), for SuggestPostSlug.
var asciiLetters = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'đ': "d", 'ð': "d", 'þ': "th",
	'ł': "l", 'ı': "i", 'ħ': "h", 'ŋ': "n", 'ſ': "s", '&': " and ",
}

// SuggestPostSlug makes a slug from a title: lower case, accents dropped
// (é → e, ß → ss), every other run of characters one hyphen, cut at a
// hyphen to fit domain.PostSlugMax. A reserved word gets "-post" after it; a
// title with nothing to spell in ASCII gives "".
func SuggestPostSlug(title string) string {
	var b strings.Builder
	sep := false
	add := func(r rune) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteRune(r)
			return
		}
		sep = true
	}
	for _, r := range norm.NFKD.String(strings.ToLower(title)) {
		switch {
		case unicode.Is(unicode.Mn, r):
			// an accent of the letter before it
		case asciiLetters[r] != "":
			for _, a := range asciiLetters[r] {
				add(a)
			}
		case r == '\'' || r == '’':
			// "what's" → "whats"
		default:
			add(r)
		}
	}
	s := b.String()
	if len(s) > domain.PostSlugMax {
		s = s[:domain.PostSlugMax]
		if i := strings.LastIndexByte(s, '-'); i > domain.PostSlugMax/2 {
			s = s[:i]
		}
		s = strings.TrimRight(s, "-")
	}
	if domain.PostSlugProblem(s) == domain.MsgSlugReserved {
		s += "-post"
	}
	return s
}
