package criticalcss

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// selectorList is a selector list read for what its selectors need.
type selectorList struct {
	alts []*compound
}

// compound is one complex selector: what it needs of a document to match
// some element of it, whatever the combinators, pseudo-classes and
// attributes (attributes are how scripts mark state: hidden,
// aria-expanded, data-state; a rule never needs one already there).
type compound struct {
	classes, ids, tags []string
	// groups are the selector lists of :is(), :where(), :has() and their
	// kind: each needs one of its selectors to match (nil: unreadable,
	// taken to match).
	groups []*selectorList
	// global says the selector is *, :root, :host, ::before, ::after or
	// ::backdrop alone: it applies to every document.
	global bool
}

// globalPseudos are the pseudo-classes and -elements a selector may have
// and still apply to every document (see compound.global).
var globalPseudos = map[string]bool{"root": true, "host": true, "before": true, "after": true, "backdrop": true}

// groupPseudos are the functional pseudo-classes whose arguments must match.
var groupPseudos = map[string]bool{"is": true, "where": true, "matches": true, "-webkit-any": true, "-moz-any": true, "has": true}

// maxGroupDepth bounds the nesting of :is() and its kind that is read:
// deeper groups are taken to match (real sheets nest two or three).
const maxGroupDepth = 8

// parseSelectorList reads a selector list; nil when it cannot.
func parseSelectorList(s string) *selectorList {
	return parseList(s, 0)
}

func parseList(s string, depth int) *selectorList {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	var l selectorList
	for pos := 0; pos <= len(s); {
		end, _, err := scanUntil(s, pos, ",")
		if err != nil {
			return nil
		}
		c := parseComplex(strings.TrimSpace(s[pos:end]), depth)
		if c == nil {
			return nil
		}
		l.alts = append(l.alts, c)
		pos = end + 1
	}
	return &l
}

// parseComplex reads one complex selector, inside depth groups; nil when
// it cannot.
func parseComplex(s string, depth int) *compound {
	if s == "" {
		return nil
	}
	c := &compound{global: true}
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case isSpace(ch) || ch == '>' || ch == '+' || ch == '~':
			c.global = false
			i++
		case ch == '*':
			if i+1 < len(s) && s[i+1] == '|' {
				return nil // namespaces
			}
			i++
		case ch == '.' || ch == '#':
			name, n := readIdent(s[i+1:])
			if n == 0 {
				return nil
			}
			if ch == '.' {
				c.classes = append(c.classes, name)
			} else {
				c.ids = append(c.ids, name)
			}
			c.global = false
			i += 1 + n
		case ch == '[':
			end, stop, err := scanUntil(s, i+1, "]")
			if err != nil || stop != ']' {
				return nil
			}
			inner := strings.TrimSpace(s[i+1 : end])
			_, n := readIdent(inner)
			if n == 0 || n < len(inner) && inner[n] == '|' && (n+1 >= len(inner) || inner[n+1] != '=') {
				return nil // namespaces
			}
			c.global = false
			i = end + 1
		case ch == ':':
			i++
			element := i < len(s) && s[i] == ':'
			if element {
				i++
			}
			name, n := readIdent(s[i:])
			if n == 0 {
				return nil
			}
			name = strings.ToLower(name)
			i += n
			if !globalPseudos[name] {
				c.global = false
			}
			if i < len(s) && s[i] == '(' {
				c.global = false
				end, stop, err := scanUntil(s, i+1, ")")
				if err != nil || stop != ')' {
					return nil
				}
				if !element && groupPseudos[name] && depth < maxGroupDepth {
					// A relative selector of :has() starts with a
					// combinator, which reads like any other.
					c.groups = append(c.groups, parseList(s[i+1:end], depth+1))
				}
				// :not() and the others need nothing of the document.
				i = end + 1
			}
		case startsIdent(s[i:]):
			name, n := readIdent(s[i:])
			if n == 0 {
				return nil
			}
			c.tags = append(c.tags, strings.ToLower(name))
			c.global = false
			i += n
		default:
			return nil // & (nesting), keyframe selectors, anything unknown
		}
	}
	return c
}

// everyElement says whether every selector of l applies to any document
// (see compound.global).
func (l *selectorList) everyElement() bool {
	for _, c := range l.alts {
		if !c.global {
			return false
		}
	}
	return true
}

// matches says whether some selector of l may match an element of a
// document with usage u.
func (l *selectorList) matches(u *Usage) bool {
	if l == nil {
		return true
	}
	for _, c := range l.alts {
		if c.matches(u) {
			return true
		}
	}
	return false
}

func (c *compound) matches(u *Usage) bool {
	for _, x := range c.classes {
		if !u.classes[x] {
			return false
		}
	}
	for _, x := range c.ids {
		if !u.ids[x] {
			return false
		}
	}
	for _, x := range c.tags {
		if !u.tags[x] {
			return false
		}
	}
	for _, g := range c.groups {
		if !g.matches(u) {
			return false
		}
	}
	return true
}

// startsIdent says whether s starts with a CSS identifier.
func startsIdent(s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if c == '-' {
		if len(s) < 2 {
			return false
		}
		c = s[1]
		if c == '-' {
			return true
		}
	}
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80 || c == '\\'
}

// readIdent reads the identifier at the start of s, resolving escapes
// ("md\:flex" is "md:flex", "\31 0" is "10"); it returns the name and the
// bytes read (0: none).
func readIdent(s string) (string, int) {
	var b strings.Builder
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case isNameByte(c):
			b.WriteByte(c)
			i++
		case c == '\\':
			if i+1 >= len(s) || s[i+1] == '\n' {
				return b.String(), i
			}
			j := i + 1
			for j < len(s) && j < i+7 && isHex(s[j]) {
				j++
			}
			if j > i+1 {
				v, _ := strconv.ParseUint(s[i+1:j], 16, 32)
				r := rune(v)
				if r == 0 || r > utf8.MaxRune || r >= 0xD800 && r <= 0xDFFF {
					r = utf8.RuneError
				}
				b.WriteRune(r)
				if j < len(s) && isSpace(s[j]) {
					j++
				}
				i = j
				continue
			}
			r, n := utf8.DecodeRuneInString(s[i+1:])
			b.WriteRune(r)
			i += 1 + n
		default:
			return b.String(), i
		}
	}
	return b.String(), i
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
