package criticalcss

import (
	"bytes"
	"maps"
	"slices"
	"strings"

	"golang.org/x/net/html"
)

// Usage is what a page uses that selectors can ask for: class names, ids
// and element names; and what its style attributes name (custom
// properties, and words that may be animation names).
type Usage struct {
	classes, ids, tags map[string]bool
	refs               []string
	words              []string
}

// NewUsage returns an empty Usage.
func NewUsage() *Usage {
	return &Usage{classes: map[string]bool{}, ids: map[string]bool{}, tags: map[string]bool{}}
}

// Clone returns a copy of u, to add to without changing u.
func (u *Usage) Clone() *Usage {
	return &Usage{
		classes: maps.Clone(u.classes), ids: maps.Clone(u.ids), tags: maps.Clone(u.tags),
		refs: slices.Clone(u.refs), words: slices.Clone(u.words),
	}
}

// Scan adds what the HTML document (or fragment) doc uses to u. Text inside
// <script> and <style> is not markup and adds nothing; the content of
// <noscript> is read as markup (what browsers without script show).
func (u *Usage) Scan(doc string) {
	u.scan(doc, 0)
}

// scan reads doc inside depth <noscript> elements (whose content is read
// once: a <noscript> in a <noscript> is not markup).
func (u *Usage) scan(doc string, depth int) {
	z := html.NewTokenizer(strings.NewReader(doc))
	noscript := false
	for {
		tt := z.Next()
		if tt == html.TextToken && noscript && depth == 0 {
			u.scan(string(z.Text()), depth+1)
		}
		noscript = false
		switch tt {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			name, more := z.TagName()
			tag := strings.ToLower(string(name))
			u.tags[tag] = true
			noscript = tag == "noscript" && tt == html.StartTagToken
			for more {
				var key, val []byte
				key, val, more = z.TagAttr()
				switch strings.ToLower(string(key)) {
				case "class":
					for _, c := range strings.Fields(string(val)) {
						u.classes[c] = true
					}
				case "id":
					u.ids[string(val)] = true
				case "style":
					u.refs = append(u.refs, customRefs(string(val))...)
					u.words = append(u.words, words(string(val))...)
				}
			}
		}
	}
}

// Subset writes the rules of s that a document with usage u can use, in
// their order, each as written (comments dropped, except /*! … */ at the
// top level).
func (s *Sheet) Subset(u *Usage) string {
	kept := s.keptRules(u)
	need := s.neededProperties(u, kept)
	names := s.animationNames(u, kept, need)
	var b bytes.Buffer
	b.Grow(s.size / 3)
	w := writer{kept: kept, need: need, names: names, b: &b}
	w.rules(s.rules)
	return b.String()
}

// keptRules are the style rules that may match what u uses.
func (s *Sheet) keptRules(u *Usage) map[*rule]bool {
	kept := map[*rule]bool{}
	var mark func(rules []*rule)
	mark = func(rules []*rule) {
		for _, r := range rules {
			switch r.kind {
			case kindGroup:
				mark(r.children)
			case kindStyle:
				if r.pool || r.sel.matches(u) {
					kept[r] = true
				}
			}
		}
	}
	mark(s.rules)

	return kept
}

// neededProperties are the custom properties the kept rules (and u) name,
// and those named by the values of these in the pools, transitively.
func (s *Sheet) neededProperties(u *Usage, kept map[*rule]bool) map[string]bool {
	need := map[string]bool{}
	var queue []string
	add := func(names []string) {
		for _, n := range names {
			if !need[n] {
				need[n] = true
				queue = append(queue, n)
			}
		}
	}
	add(u.refs)
	pools := map[string][]*decl{} // pool declarations by the property they define
	var walk func(rules []*rule)
	walk = func(rules []*rule) {
		for _, r := range rules {
			switch {
			case r.kind == kindGroup:
				walk(r.children)
			case r.kind == kindStyle && kept[r] && r.pool:
				for i := range r.decls {
					d := &r.decls[i]
					pools[d.custom] = append(pools[d.custom], d)
				}
			case r.kind == kindStyle && kept[r]:
				add(r.refs)
			case r.kind == kindOther:
				add(customRefs(r.body))
			}
		}
	}
	walk(s.rules)
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, d := range pools[n] {
			add(d.refs)
		}
	}

	return need
}

// animationNames are the words kept declarations (and u) may use as
// animation names.
func (s *Sheet) animationNames(u *Usage, kept map[*rule]bool, need map[string]bool) map[string]bool {
	names := map[string]bool{}
	for _, w := range u.words {
		names[w] = true
	}
	var collect func(rules []*rule)
	collect = func(rules []*rule) {
		for _, r := range rules {
			switch {
			case r.kind == kindGroup:
				collect(r.children)
			case r.kind == kindStyle && r.nested && kept[r]:
				for _, w := range words(r.body) {
					names[w] = true
				}
			case r.kind == kindStyle && kept[r]:
				for _, d := range r.decls {
					if !r.pool || need[d.custom] {
						for _, w := range words(d.text) {
							names[w] = true
						}
					}
				}
			}
		}
	}
	collect(s.rules)

	return names
}

type writer struct {
	kept        map[*rule]bool
	need, names map[string]bool
	b           *bytes.Buffer
}

// rules writes what is kept of rules; it reports whether it wrote anything.
func (w *writer) rules(rules []*rule) bool {
	wrote := false
	for _, r := range rules {
		if w.rule(r) {
			wrote = true
		}
	}
	return wrote
}

func (w *writer) rule(r *rule) bool {
	b := w.b
	switch r.kind {
	case kindStatement:
		b.WriteString(r.prelude)
		if !strings.HasPrefix(r.prelude, "/*") {
			b.WriteByte(';')
		}
		return true
	case kindGroup:
		mark := b.Len()
		b.WriteString(r.prelude)
		b.WriteByte('{')
		if w.rules(r.children) {
			b.WriteByte('}')
			return true
		}
		// Nothing inside is kept. A named layer still takes its place in
		// the order of layers.
		b.Truncate(mark)
		if keyword, rest := atKeyword(r.prelude); keyword == "layer" && strings.TrimSpace(rest) != "" {
			b.WriteString(r.prelude)
			b.WriteByte(';')
			return true
		}
		return false
	case kindStyle:
		if !w.kept[r] {
			return false
		}
		if !r.pool {
			b.WriteString(r.prelude)
			b.WriteByte('{')
			b.WriteString(r.body)
			b.WriteByte('}')
			return true
		}
		n := 0
		for _, d := range r.decls {
			if !w.need[d.custom] {
				continue
			}
			if n == 0 {
				b.WriteString(r.prelude)
				b.WriteByte('{')
			} else {
				b.WriteByte(';')
			}
			b.WriteString(d.text)
			n++
		}
		if n > 0 {
			b.WriteByte('}')
		}
		return n > 0
	case kindKeyframes:
		if !w.names[r.name] {
			return false
		}
	case kindProperty:
		if !w.need[r.name] {
			return false
		}
	}
	b.WriteString(r.prelude)
	b.WriteByte('{')
	b.WriteString(r.body)
	b.WriteByte('}')
	return true
}

// words lists the identifiers in s (candidate animation names).
func words(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		if !isNameByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isNameByte(s[j]) {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// ScanScript adds to u what the script js may put into the document as it
// runs: each word of its string literals (and template literals) may be a
// class name, an id or an element name. Tailwind finds the classes it
// generates the same way, in the source's literal text, so a class the
// script can set is among these words.
func (u *Usage) ScanScript(js string) {
	for i := 0; i < len(js); i++ {
		q := js[i]
		if q != '"' && q != '\'' && q != '`' {
			continue
		}
		j := i + 1
		for j < len(js) && js[j] != q && (q == '`' || js[j] != '\n') {
			if js[j] == '\\' {
				j++
			}
			j++
		}
		if j > len(js) {
			j = len(js)
		}
		for _, w := range strings.Fields(js[i+1 : j]) {
			u.classes[w] = true
			u.ids[w] = true
			u.tags[strings.ToLower(w)] = true
		}
		i = j
	}
}
