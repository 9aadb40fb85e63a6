// Package criticalcss cuts a style sheet down to the rules one HTML
// document can use, so that a page can carry only those inline and load
// the whole sheet later without holding up its first paint.
//
// The sheet is parsed once (Parse); each page's usage is gathered from its
// HTML (Usage.Scan) and from the scripts that may change it
// (Usage.ScanScript), and the subset written by Sheet.Subset. The cut is
// conservative: a rule is dropped only when its selector needs a class, id
// or element that the page does not have; a selector this package cannot
// read, and every at-rule it does not know, are kept. Pseudo-classes
// (:hover, :focus-visible), pseudo-elements (::before) and attributes
// ([hidden], [aria-expanded=true], [data-state=open]) never drop a rule:
// the state can come; the element is there.
//
// Custom properties are cut too: in rules that only define custom
// properties for every element (:root, *, ::before, ::backdrop: the
// theme's variables and the fallbacks of registered properties), only the
// properties the kept rules refer to are kept, transitively; @property
// rules likewise; and @keyframes only when a kept declaration names them.
package criticalcss

import (
	"errors"
	"fmt"
	"strings"
)

// Sheet is a parsed style sheet. It is read-only once parsed, so one Sheet
// serves any number of concurrent Subset calls.
type Sheet struct {
	rules []*rule
	size  int
}

// kind is what a rule is.
type kind uint8

const (
	// kindStatement is an at-rule without a block (@layer a, b; @import),
	// or a kept comment (/*! licence */): always kept as written.
	kindStatement kind = iota
	// kindStyle is a style rule: selector { declarations }.
	kindStyle
	// kindGroup is a conditional or grouping at-rule whose block holds
	// rules (@media, @supports, @layer, @container, @starting-style,
	// @scope): kept when something inside it is.
	kindGroup
	// kindKeyframes is @keyframes NAME {…}: kept when NAME is used.
	kindKeyframes
	// kindProperty is @property --NAME {…}: kept when --NAME is used.
	kindProperty
	// kindOther is any other at-rule with a block (@font-face, @page): kept.
	kindOther
)

// rule is one rule of the sheet, with its text as written.
type rule struct {
	kind    kind
	prelude string // everything before the block (or the whole statement), trimmed
	body    string // the block's text, without braces (statements: "")
	// name is a @keyframes' name or a @property's custom property name.
	name     string
	children []*rule // kindGroup
	// Style rules:
	sel   *selectorList // nil: the selector cannot be read (kept)
	decls []decl        // nil with nested set
	// nested says the block holds nested rules (CSS nesting): the rule is
	// kept or dropped whole, never cut inside.
	nested bool
	// pool says the rule only defines custom properties for every element
	// (:root, *, ::before): its declarations are kept one by one.
	pool bool
	// refs are the custom properties the rule's whole text names (the
	// declared ones included), for rules that are not pools.
	refs []string
}

// decl is one declaration of a style rule.
type decl struct {
	text   string   // as written, without the closing semicolon
	custom string   // the custom property it defines ("--x"), or ""
	refs   []string // the custom properties its value names
}

// Parse reads a style sheet. It fails only on text whose blocks, strings
// or comments are not closed; what it cannot tell apart inside a rule is
// kept by Subset as it is.
func Parse(css string) (*Sheet, error) {
	p := &parser{src: css}
	rules, err := p.rules(false)
	if err != nil {
		return nil, err
	}
	return &Sheet{rules: rules, size: len(css)}, nil
}

// Size is the length of the parsed sheet's text.
func (s *Sheet) Size() int { return s.size }

type parser struct {
	src string
	pos int
}

var errUnclosed = errors.New("criticalcss: unclosed block")

// rules reads rules up to the end of the text, or, when inBlock, up to
// and past the closing brace of the enclosing block.
func (p *parser) rules(inBlock bool) ([]*rule, error) {
	var out []*rule
	for {
		if err := p.skipSpaceAndComments(&out, !inBlock); err != nil {
			return nil, err
		}
		if p.pos >= len(p.src) {
			if inBlock {
				return nil, errUnclosed
			}
			return out, nil
		}
		if p.src[p.pos] == '}' {
			if !inBlock {
				return nil, fmt.Errorf("criticalcss: unexpected } at byte %d", p.pos)
			}
			p.pos++
			return out, nil
		}
		start := p.pos
		end, stop, err := scanUntil(p.src, p.pos, "{;}")
		if err != nil {
			return nil, err
		}
		prelude := trim(stripComments(p.src[start:end]))
		if stop != '{' {
			// A statement (";" or the end of the block or sheet).
			p.pos = end
			if stop == ';' {
				p.pos++
			}
			if prelude != "" {
				out = append(out, &rule{kind: kindStatement, prelude: prelude})
			}
			continue
		}
		p.pos = end + 1
		r, err := p.block(prelude)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
}

// groupRules are the at-rules whose blocks hold rules.
var groupRules = map[string]bool{
	"media": true, "supports": true, "layer": true, "container": true,
	"starting-style": true, "scope": true, "document": true, "-moz-document": true,
}

// block reads the block after prelude, up to and past its closing brace.
func (p *parser) block(prelude string) (*rule, error) {
	if !strings.HasPrefix(prelude, "@") {
		end, err := closeBrace(p.src, p.pos)
		if err != nil {
			return nil, err
		}
		body := p.src[p.pos:end]
		p.pos = end + 1
		return styleRule(prelude, body), nil
	}
	keyword, rest := atKeyword(prelude)
	switch {
	case groupRules[keyword]:
		children, err := p.rules(true)
		if err != nil {
			return nil, err
		}
		return &rule{kind: kindGroup, prelude: prelude, children: children}, nil
	}
	end, err := closeBrace(p.src, p.pos)
	if err != nil {
		return nil, err
	}
	body := trim(p.src[p.pos:end])
	p.pos = end + 1
	r := &rule{kind: kindOther, prelude: prelude, body: body}
	switch keyword {
	case "keyframes", "-webkit-keyframes", "-moz-keyframes", "-o-keyframes":
		if name := strings.TrimSpace(rest); isPlainIdent(name) {
			r.kind, r.name = kindKeyframes, name
		}
	case "property":
		if name := strings.TrimSpace(rest); strings.HasPrefix(name, "--") && isPlainIdent(name) {
			r.kind, r.name = kindProperty, name
		}
	}
	return r, nil
}

// styleRule reads a style rule's selector and declarations.
func styleRule(prelude, body string) *rule {
	r := &rule{kind: kindStyle, prelude: prelude, body: body}
	r.sel = parseSelectorList(prelude)
	if _, stop, err := scanUntil(body, 0, "{"); err != nil || stop == '{' {
		// Nested rules (or text this package cannot split): the rule is
		// kept or dropped whole, and everything it names is used.
		r.nested = true
		r.refs = customRefs(body)
		return r
	}
	for pos := 0; pos < len(body); {
		end, _, _ := scanUntil(body, pos, ";")
		text := trim(stripComments(body[pos:end]))
		pos = end + 1
		if text == "" {
			continue
		}
		d := decl{text: text}
		name, value, ok := strings.Cut(text, ":")
		name = strings.TrimSpace(name)
		if ok && strings.HasPrefix(name, "--") {
			d.custom = name
			d.refs = customRefs(value)
		} else {
			d.refs = customRefs(text)
		}
		r.decls = append(r.decls, d)
	}
	r.pool = r.sel != nil && r.sel.everyElement() && len(r.decls) > 0
	for _, d := range r.decls {
		if d.custom == "" {
			r.pool = false
		}
	}
	if !r.pool {
		for _, d := range r.decls {
			if d.custom != "" {
				r.refs = append(r.refs, d.custom)
			}
			r.refs = append(r.refs, d.refs...)
		}
	}
	return r
}

// atKeyword splits "@media (x)" into "media" and " (x)".
func atKeyword(prelude string) (string, string) {
	i := 1
	for i < len(prelude) && isNameByte(prelude[i]) {
		i++
	}
	return strings.ToLower(prelude[1:i]), prelude[i:]
}

// skipSpaceAndComments moves past white space and comments; at the top
// level, comments marked to be kept (/*! … */, a licence) are added to out.
func (p *parser) skipSpaceAndComments(out *[]*rule, keepBang bool) error {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case isSpace(c):
			p.pos++
		case strings.HasPrefix(p.src[p.pos:], "/*"):
			end := strings.Index(p.src[p.pos+2:], "*/")
			if end < 0 {
				return errors.New("criticalcss: unclosed comment")
			}
			comment := p.src[p.pos : p.pos+2+end+2]
			if keepBang && strings.HasPrefix(comment, "/*!") {
				*out = append(*out, &rule{kind: kindStatement, prelude: comment})
			}
			p.pos += len(comment)
		default:
			return nil
		}
	}
	return nil
}

// scanUntil returns the index of the first byte of stops in s from pos
// that is outside strings, comments, parentheses and brackets, and that
// byte (0 at the end of s). An unclosed string, comment, parenthesis or
// bracket is an error.
func scanUntil(s string, pos int, stops string) (int, byte, error) {
	depth := 0
	for i := pos; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			if i+1 >= len(s) {
				return 0, 0, errors.New("criticalcss: escape at the end of the text")
			}
			i++ // the escaped character is part of a name
		case '"', '\'':
			end, err := skipString(s, i)
			if err != nil {
				return 0, 0, err
			}
			i = end
		case '/':
			if i+1 < len(s) && s[i+1] == '*' {
				end := strings.Index(s[i+2:], "*/")
				if end < 0 {
					return 0, 0, errors.New("criticalcss: unclosed comment")
				}
				i += 2 + end + 1
			}
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			} else if strings.IndexByte(stops, c) >= 0 {
				return i, c, nil
			}
		default:
			if depth == 0 && strings.IndexByte(stops, c) >= 0 {
				return i, c, nil
			}
		}
	}
	if depth > 0 {
		return 0, 0, errors.New("criticalcss: unclosed parenthesis or bracket")
	}
	return len(s), 0, nil
}

// closeBrace returns the index of the brace that closes the block whose
// text starts at pos.
func closeBrace(s string, pos int) (int, error) {
	depth := 0
	for i := pos; i < len(s); {
		end, c, err := scanUntil(s, i, "{}")
		if err != nil {
			return 0, err
		}
		switch c {
		case 0:
			return 0, errUnclosed
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return end, nil
			}
			depth--
		}
		i = end + 1
	}
	return 0, errUnclosed
}

// skipString returns the index of the quote that closes the string
// opening at pos.
func skipString(s string, pos int) (int, error) {
	q := s[pos]
	for i := pos + 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i, nil
		case '\n':
			return 0, errors.New("criticalcss: unclosed string")
		}
	}
	return 0, errors.New("criticalcss: unclosed string")
}

// stripComments removes comments outside strings from s.
func stripComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			b.WriteByte(c)
			b.WriteByte(s[i+1])
			i++
		case c == '"' || c == '\'':
			end, err := skipString(s, i)
			if err != nil {
				b.WriteString(s[i:])
				return b.String()
			}
			b.WriteString(s[i : end+1])
			i = end
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			b.WriteByte(' ')
			i += 2 + end + 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// customRefs lists the custom property names ("--x") in s: whatever a
// value names with var(), and, conservatively, any other "--name" token.
func customRefs(s string) []string {
	var out []string
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '-' || s[i+1] != '-' || (i > 0 && isNameByte(s[i-1])) {
			continue
		}
		j := i + 2
		for j < len(s) && (isNameByte(s[j]) || s[j] == '\\' && j+1 < len(s)) {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if j > i+2 {
			out = append(out, s[i:min(j, len(s))])
		}
		i = j
	}
	return out
}

// trim removes white space around s, but not an escaped space at its end.
func trim(s string) string {
	s = strings.TrimLeft(s, " \t\n\r\f")
	end := len(s)
	for end > 0 && isSpace(s[end-1]) {
		end--
	}
	n := 0 // backslashes before the cut
	for n < end && s[end-1-n] == '\\' {
		n++
	}
	if n%2 == 1 && end < len(s) {
		end++ // the space is escaped: part of a name
	}
	return s[:end]
}

// isPlainIdent says whether s is a name without escapes or spaces.
func isPlainIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}
