package server_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"corpsite/internal/domain"
	"corpsite/internal/server"
)

// builtStyleSheet returns the URLs and the text of the client entry's
// style sheets, as built.
func builtStyleSheet(t *testing.T, f *fixture) ([]string, string) {
	t.Helper()
	manifest := map[string]struct {
		CSS []string `json:"css"`
	}{}
	raw, err := fs.ReadFile(f.client, "manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	var urls []string
	var text strings.Builder
	for _, c := range manifest["src/entry-client.tsx"].CSS {
		b, err := fs.ReadFile(f.client, c)
		if err != nil {
			t.Fatal(err)
		}
		urls = append(urls, "/"+c)
		text.Write(b)
	}
	if text.Len() < 10000 {
		t.Fatalf("the entry's CSS is %d bytes: not the built style sheet", text.Len())
	}
	return urls, text.String()
}

// publicPages are a path of each public page, the ids filled in.
func publicPages(t *testing.T, f *fixture) []string {
	t.Helper()
	routes, _ := server.PageRoutes()
	job, post := f.jobs(t)[0], f.posts(t)[0]
	var out []string
	for _, r := range routes {
		id := job.ID
		if strings.HasPrefix(r.Path, "/blog/") {
			id = strings.TrimPrefix(post.Path(), "/blog/") // its address (an ID redirects to its slug)
		}
		out = append(out, strings.ReplaceAll(r.Path, "{id}", id))
	}
	return append(out, "/no-such-page")
}

// inlineStyle returns the text of doc's one <style> element.
func inlineStyle(t *testing.T, path, doc string) string {
	t.Helper()
	if n := strings.Count(doc, "<style"); n != 1 {
		t.Fatalf("GET %s: %d <style> elements, want 1", path, n)
	}
	_, rest, _ := strings.Cut(doc, "<style>")
	style, _, ok := strings.Cut(rest, "</style>")
	if !ok {
		t.Fatalf("GET %s: the <style> element is not closed", path)
	}
	return style
}

// Each page carries inline its own part of the site's style sheet, allowed
// by that part's hash in the page's Content-Security-Policy, which allows no
// other inline style sheet; the whole sheet is linked for browsers without
// script and named for the app to load, and served as a cached file.
func TestPagesInlineTheirOwnStyleSheetAllowedByItsHash(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	urls, full := builtStyleSheet(t, f)
	seen := map[string]string{}
	// The not-found page of an unknown job is composed per request around
	// the shared not-found render, with its style sheet.
	for _, path := range append(publicPages(t, f), "/job/"+domain.NewID()) {
		for round := range 2 { // rendered, then from the page cache
			res := f.get(t, path)
			style := inlineStyle(t, path, res.Body)
			if len(style) < 1000 || len(style) >= len(full) {
				t.Errorf("GET %s: the inline style sheet is %d bytes of the whole %d", path, len(style), len(full))
			}
			sum := sha256.Sum256([]byte(style))
			source := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
			csp := res.Header.Get("Content-Security-Policy")
			if !strings.Contains(csp, "style-src 'self' "+source+";") || strings.Count(csp, "'sha256-") != 2 || strings.Contains(csp, "'unsafe-inline'; style-src-attr") {
				t.Errorf("GET %s (round %d): Content-Security-Policy %q does not allow exactly the inline style sheet's hash %s", path, round, csp, source)
			}
			checkSecurityHeaders(t, "GET "+path, res)
			seen[path] = style
			links := ""
			for _, u := range urls {
				links += `<link rel="stylesheet" href="` + u + `">`
			}
			if !strings.Contains(res.Body, "<noscript>"+links+`<link rel="stylesheet" href="/noscript.css"></noscript>`) {
				t.Errorf("GET %s: no <noscript> linking the whole style sheet %v before noscript.css", path, urls)
			}
			if strings.Count(res.Body, `rel="stylesheet"`) != len(urls)+1 {
				t.Errorf("GET %s: a style sheet is linked outside the <noscript>", path)
			}
			var modules struct {
				Styles []string `json:"styles"`
			}
			_, rest, _ := strings.Cut(res.Body, `<script id="app-modules" type="application/json">`)
			raw, _, _ := strings.Cut(rest, "</script>")
			if err := json.Unmarshal([]byte(raw), &modules); err != nil || !slices.Equal(modules.Styles, urls) {
				t.Errorf("GET %s: #app-modules names the style sheets %v (%v), want %v", path, modules.Styles, err, urls)
			}
		}
	}
	if seen["/"] == seen["/apply/"+f.jobs(t)[0].ID] {
		t.Error("the home page and the application form carry the same style sheet")
	}
	for _, u := range urls {
		res := f.get(t, u)
		if res.Status != http.StatusOK || res.Body != full[:len(res.Body)] && !strings.Contains(full, res.Body) ||
			res.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("GET %s = %d, Cache-Control %q: want the style sheet, cached for good", u, res.Status, res.Header.Get("Cache-Control"))
		}
		if csp := res.Header.Get("Content-Security-Policy"); strings.Contains(csp, "style-src 'self' '") {
			t.Errorf("GET %s: Content-Security-Policy %q allows an inline style sheet on a response that is not a page", u, csp)
		}
	}
}

// leafRule matches a style rule without nested blocks: its selector (which
// may follow the end of the rule before it, or an at-rule's opening brace)
// and its declarations.
var leafRule = regexp.MustCompile(`([^{};]+)\{([^{}]*)\}`)

// classRule matches a selector of one class name, with pseudo-classes and
// -elements after it, and captures the (escaped) name.
var classRule = regexp.MustCompile(`^\.((?:[A-Za-z0-9_-]|\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F])+)(?::{1,2}[a-z-]+)*$`)

// unescapeCSS resolves a CSS identifier's escapes.
func unescapeCSS(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		for j < len(s) && j < i+7 && strings.IndexByte("0123456789abcdefABCDEF", s[j]) >= 0 {
			j++
		}
		if j == i+1 {
			r, n := utf8.DecodeRuneInString(s[i+1:])
			b.WriteRune(r)
			i += n
			continue
		}
		v, _ := strconv.ParseUint(s[i+1:j], 16, 32)
		b.WriteRune(rune(v))
		if j < len(s) && s[j] == ' ' {
			j++
		}
		i = j - 1
	}
	return b.String()
}

var classAttr = regexp.MustCompile(`\sclass="([^"]*)"`)

// On every public page, each class of the page's markup keeps every rule
// of the built style sheet that styles it alone (those of its variants,
// inside media queries, included); a class that neither the page's markup
// nor the scripts it loads name keeps none. The rules are found in the
// built text independently of the package that cuts the sheet.
func TestInlineStyleKeepsTheRulesOfThePagesClasses(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	_, full := builtStyleSheet(t, f)
	type classRuleText struct{ class, text string }
	var rules []classRuleText
	for _, m := range leafRule.FindAllStringSubmatch(full, -1) {
		sel := strings.TrimSpace(m[1])
		if c := classRule.FindStringSubmatch(sel); c != nil {
			rules = append(rules, classRuleText{unescapeCSS(c[1]), sel + "{" + m[2] + "}"})
		}
	}
	if len(rules) < 200 {
		t.Fatalf("found %d single-class rules in the built sheet: the pattern misses them", len(rules))
	}
	for _, path := range publicPages(t, f) {
		res := f.get(t, path)
		style := inlineStyle(t, path, res.Body)
		_, root, _ := strings.Cut(res.Body, `<div id="root">`)
		used := map[string]bool{}
		for _, m := range classAttr.FindAllStringSubmatch(root, -1) {
			for _, c := range strings.Fields(htmlUnescape(m[1])) {
				used[c] = true
			}
		}
		scripts := pageScripts(t, f, path, res.Body)
		kept, dropped := 0, 0
		for _, r := range rules {
			switch in := strings.Contains(style, r.text); {
			case used[r.class] && !in:
				t.Errorf("GET %s: the page uses class %q but its inline style lacks %s", path, r.class, r.text)
			case !used[r.class] && !strings.Contains(scripts, r.class) && in:
				t.Errorf("GET %s: neither the page nor its scripts use class %q but its inline style has %s", path, r.class, r.text)
			case in:
				kept++
			default:
				dropped++
			}
		}
		if kept < 20 || dropped < 100 {
			t.Errorf("GET %s: %d single-class rules kept, %d dropped: the page's markup was not read", path, kept, dropped)
		}
	}
}

// pageScripts returns the text of the scripts the page at path loads (the
// modules #app-modules names).
func pageScripts(t *testing.T, f *fixture, path, doc string) string {
	t.Helper()
	var modules struct {
		Entry   string   `json:"entry"`
		Preload []string `json:"preload"`
	}
	_, rest, _ := strings.Cut(doc, `<script id="app-modules" type="application/json">`)
	raw, _, _ := strings.Cut(rest, "</script>")
	if err := json.Unmarshal([]byte(raw), &modules); err != nil || modules.Entry == "" {
		t.Fatalf("GET %s: #app-modules %q: %v", path, raw, err)
	}
	var b strings.Builder
	for _, m := range append([]string{modules.Entry}, modules.Preload...) {
		res := f.get(t, m)
		if res.Status != http.StatusOK {
			t.Fatalf("GET %s = %d", m, res.Status)
		}
		b.WriteString(res.Body)
	}
	return b.String()
}

// htmlUnescape resolves the character references React writes in
// attribute values.
func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&quot;", `"`, "&#x27;", "'", "&lt;", "<", "&gt;", ">").Replace(s)
}

// The size of each public page's inline style sheet, raw and gzipped,
// beside the whole sheet's (go test -run InlineStyleSizes -v prints them).
// The sheet for the first screen stays well under the 14 KB a first round
// trip carries, compressed.
func TestInlineStyleSizes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	_, full := builtStyleSheet(t, f)
	t.Logf("%-28s %26s %30s", "", "inline style sheet", "document (with the whole sheet)")
	t.Logf("%-28s %8s %8s %8s %14s %14s", "page", "raw", "gzip", "of whole", "raw", "gzip")
	t.Logf("%-28s %8d %8d", "whole sheet (before)", len(full), gzipSize(full))
	for _, path := range publicPages(t, f) {
		doc := f.get(t, path).Body
		style := inlineStyle(t, path, doc)
		before := strings.Replace(doc, "<style>"+style+"</style>", "<style>"+full+"</style>", 1)
		z := gzipSize(style)
		t.Logf("%-28s %8d %8d %7d%% %6d (%6d) %6d (%6d)", path, len(style), z, 100*len(style)/len(full),
			len(doc), len(before), gzipSize(doc), gzipSize(before))
		if z > 14*1024 {
			t.Errorf("GET %s: the inline style sheet is %d bytes gzipped, over 14 KB", path, z)
		}
	}
}

func gzipSize(s string) int {
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = fmt.Fprint(w, s)
	_ = w.Close()
	return b.Len()
}
