package criticalcss_test

import (
	"encoding/json"
	"html"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"corpsite/internal/criticalcss"
	"corpsite/web"
)

// subset cuts css to what doc uses.
func subset(t *testing.T, css, doc string) string {
	t.Helper()
	s, err := criticalcss.Parse(css)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	u := criticalcss.NewUsage()
	u.Scan(doc)
	return s.Subset(u)
}

func TestSubsetKeepsWhatTheMarkupCanUse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, css, doc, want string
	}{
		{
			name: "class, id and element selectors; attributes are state and drop nothing",
			css:  `.a{color:red}.b{color:blue}#x{margin:0}#y{margin:1px}p{padding:0}table{padding:1px}[hidden]{display:none}[open]{display:block}.b[open]{x:1}`,
			doc:  `<p class="a" id="x" hidden>`,
			want: `.a{color:red}#x{margin:0}p{padding:0}[hidden]{display:none}[open]{display:block}`,
		},
		{
			name: "escaped class names",
			css:  `.md\:flex{display:flex}.w-1\/2{width:50%}.\32 xl\:p-0{padding:0}.space-y-1\.5>*{margin:0}.data-\[state\=open\]\:block[data-state=open]{display:block}.gone\:x{x:y}`,
			doc:  `<div class="md:flex w-1/2 2xl:p-0 space-y-1.5 data-[state=open]:block" data-state="closed">`,
			want: `.md\:flex{display:flex}.w-1\/2{width:50%}.\32 xl\:p-0{padding:0}.space-y-1\.5>*{margin:0}.data-\[state\=open\]\:block[data-state=open]{display:block}`,
		},
		{
			name: "every class of a compound and of each combined part is needed",
			css:  `.a.b{x:1}.a .c{x:2}.a>.b{x:3}.c~.a{x:4}`,
			doc:  `<i class="a b">`,
			want: `.a.b{x:1}.a>.b{x:3}`,
		},
		{
			name: "pseudo-classes and pseudo-elements do not drop a rule",
			css:  `.a:hover{x:1}.a:focus-visible{x:2}.a::before{x:3}.a:not(.zzz){x:4}.a:nth-child(2n+1 of .zzz){x:5}.b:hover{x:6}`,
			doc:  `<i class="a">`,
			want: `.a:hover{x:1}.a:focus-visible{x:2}.a::before{x:3}.a:not(.zzz){x:4}.a:nth-child(2n+1 of .zzz){x:5}`,
		},
		{
			name: ":is, :where and :has need one of their selectors",
			css:  `:where(.a>:not(:last-child)){x:1}:is(:where(.group):hover .b){x:2}:is(.zzz,.a) i{x:3}:where(.zzz){x:4}.a:has(>.b){x:5}.a:is(){x:6}`,
			doc:  `<i class="a">`,
			// An empty :is() matches nothing, but this package does not
			// judge it: kept.
			want: `:where(.a>:not(:last-child)){x:1}:is(.zzz,.a) i{x:3}.a:is(){x:6}`,
		},
		{
			name: "a selector list is kept whole when one selector matches",
			css:  `h1,h2,.zzz{x:1}h3,h4{x:2}`,
			doc:  `<h2>`,
			want: `h1,h2,.zzz{x:1}`,
		},
		{
			name: "conditional rules are kept with what they hold, or dropped",
			css:  `@media (min-width:48rem){.a{x:1}.b{x:2}}@media print{.b{x:3}}@supports (display:grid){@media (hover:hover){.a:hover{x:4}}}@container (width>1px){.zzz{x:5}}`,
			doc:  `<i class="a">`,
			want: `@media (min-width:48rem){.a{x:1}}@supports (display:grid){@media (hover:hover){.a:hover{x:4}}}`,
		},
		{
			name: "layers keep their order when their rules are dropped",
			css:  `@layer theme,base;@layer base{.zzz{x:1}}@layer{.zzz{x:2}}@layer utilities{.a{x:3}}`,
			doc:  `<i class="a">`,
			want: `@layer theme,base;@layer base;@layer utilities{.a{x:3}}`,
		},
		{
			name: "selectors this package cannot read are kept; unknown at-rules too",
			css:  `&.zzz{x:1}ns|p{x:2}@font-face{font-family:x;src:url(x.woff2)}@page{margin:0}@import url(x.css);.zzz{x:3}`,
			doc:  `<i>`,
			want: `&.zzz{x:1}ns|p{x:2}@font-face{font-family:x;src:url(x.woff2)}@page{margin:0}@import url(x.css);`,
		},
		{
			name: "nested rules are kept or dropped whole",
			css:  `.a{x:1;&:hover{x:2}.zzz &{x:3}}.zzz{x:4;& .a{x:5}}`,
			doc:  `<i class="a">`,
			want: `.a{x:1;&:hover{x:2}.zzz &{x:3}}`,
		},
		{
			name: "custom properties: only those the kept rules name, transitively",
			css: `:root,:host{--c-a:red;--c-b:blue;--f:var(--g);--g:1px;--unused:var(--also-unused);--also-unused:0}` +
				`*,:before,:after{--tw-x:0;--tw-y:0}::backdrop{--tw-x:0;--tw-y:0}` +
				`.a{color:var(--c-a);border:var(--f) solid}.b{color:var(--c-b)}.s{--tw-x:1px;translate:var(--tw-x) var(--tw-y)}` +
				`@property --tw-x{syntax:"*";inherits:false;initial-value:0}@property --tw-y{syntax:"*";inherits:false;initial-value:0}@property --tw-z{syntax:"*";inherits:false}`,
			doc:  `<i class="a">`,
			want: `:root,:host{--c-a:red;--f:var(--g);--g:1px}.a{color:var(--c-a);border:var(--f) solid}`,
		},
		{
			name: "custom properties of a kept rule's own, of a registered property, and of style attributes",
			css: `:root{--c-a:red;--c-b:blue;--d:4s}*,:before,:after{--tw-x:0;--tw-y:0;--tw-z:0}` +
				`.s{--tw-x:1px;translate:var(--tw-x) var(--tw-y)}@property --tw-x{syntax:"*";inherits:false;initial-value:0}@property --tw-y{syntax:"*";inherits:false;initial-value:0}@property --tw-z{syntax:"*";inherits:false}`,
			doc: `<i class="s" style="color:var(--c-b)">`,
			want: `:root{--c-b:blue}*,:before,:after{--tw-x:0;--tw-y:0}.s{--tw-x:1px;translate:var(--tw-x) var(--tw-y)}` +
				`@property --tw-x{syntax:"*";inherits:false;initial-value:0}@property --tw-y{syntax:"*";inherits:false;initial-value:0}`,
		},
		{
			name: "keyframes named by kept declarations, also through custom properties",
			css:  `:root{--animate-spin:spin 1s linear infinite;--animate-ping:ping 1s}.animate-spin{animation:var(--animate-spin)}.animate-ping{animation:var(--animate-ping)}.r{animation:reveal 1s both}@keyframes spin{to{rotate:1turn}}@keyframes ping{to{opacity:0}}@keyframes reveal{0%{opacity:0}}@keyframes pulse{50%{opacity:.5}}`,
			doc:  `<i class="animate-spin" style="animation-name:pulse">`,
			want: `:root{--animate-spin:spin 1s linear infinite}.animate-spin{animation:var(--animate-spin)}@keyframes spin{to{rotate:1turn}}@keyframes pulse{50%{opacity:.5}}`,
		},
		{
			name: "strings and comments with braces, and the licence comment",
			css:  "/*! licence */\n/* a comment { */ .a::before { content: \"}{;\" } /* .b{} */ .b{content:'}'}",
			doc:  `<i class="a">`,
			want: "/*! licence */.a::before{ content: \"}{;\" }",
		},
		{
			name: "classes of <noscript> content count; script text does not",
			css:  `.n{x:1}.s{x:2}`,
			doc:  `<noscript><p class="n">on</p></noscript><script>document.body.className = "s"</script><script type="application/json">{"class":"s"}</script>`,
			want: `.n{x:1}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := subset(t, tt.css, tt.doc); got != tt.want {
				t.Errorf("Subset =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// What a page's script may set (a menu's classes when it opens, an element
// it creates) keeps its rules: the words of the script's string literals.
func TestScanScriptKeepsWhatTheScriptMaySet(t *testing.T) {
	t.Parallel()
	s, err := criticalcss.Parse(`.a{x:1}.open\:block{x:2}.hidden{x:3}.md\:flex{x:4}dialog{x:5}.zzz{x:6}#panel{x:7}.tpl{x:8}.esc{x:9}`)
	if err != nil {
		t.Fatal(err)
	}
	u := criticalcss.NewUsage()
	u.Scan(`<i class="a">`)
	before := s.Subset(u)
	js := u.Clone()
	js.ScanScript(`const c=open?"open:block md:flex":'hidden';h("dialog",{id:"panel"});x=` + "`tpl ${y} q`" + `;z="a\"b esc";/* zzz */`)
	if got := before; got != `.a{x:1}` {
		t.Errorf("Subset before the script = %s", got)
	}
	if got, want := s.Subset(js), `.a{x:1}.open\:block{x:2}.hidden{x:3}.md\:flex{x:4}dialog{x:5}#panel{x:7}.tpl{x:8}.esc{x:9}`; got != want {
		t.Errorf("Subset with the script =\n%s\nwant\n%s", got, want)
	}
	if got := s.Subset(u); got != before {
		t.Errorf("Clone shares its maps: the usage it was cloned from now gives %s", got)
	}
}

func TestParseRejectsUnclosedText(t *testing.T) {
	t.Parallel()
	for _, css := range []string{`.a{x:1`, `@media print{.a{x:1}`, `.a{content:"x}`, `.a{x:1}/* open`, `.a{x:1}}`} {
		if _, err := criticalcss.Parse(css); err == nil {
			t.Errorf("Parse(%q) succeeded", css)
		}
	}
}

// builtSheet returns the client entry's style sheet as built by Tailwind.
func builtSheet(t *testing.T) string {
	t.Helper()
	raw, err := fs.ReadFile(web.Dist, "dist/client/manifest.json")
	if err != nil {
		t.Fatalf("no client build (run make build): %v", err)
	}
	var manifest map[string]struct {
		CSS []string `json:"css"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, c := range manifest["src/entry-client.tsx"].CSS {
		css, err := fs.ReadFile(web.Dist, "dist/client/"+c)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(css)
	}
	if b.Len() < 10000 {
		t.Fatalf("the built style sheet is %d bytes", b.Len())
	}
	return b.String()
}

// utility matches a Tailwind utility rule of one class (with variants
// written into the name), not nested in a rule, and captures its escaped
// name.
var utility = regexp.MustCompile(`[{}]\.((?:[a-z0-9_-]|\\[^0-9a-fA-F ])+)\{[^{}]*\}`)

// Against the real Tailwind output: a document using a set of its utility
// classes gets each one's rule, those of media-query variants included, and
// none of the others'; the theme's variables, the registered properties and
// the keyframes are cut to what the kept rules name.
func TestSubsetOfTheBuiltSheet(t *testing.T) {
	t.Parallel()
	css := builtSheet(t)
	all := utility.FindAllStringSubmatch(css, -1)
	if len(all) < 200 {
		t.Fatalf("found %d utility rules in the built sheet", len(all))
	}
	unescape := strings.NewReplacer(`\:`, ":", `\/`, "/", `\.`, ".", `\[`, "[", `\]`, "]", `\=`, "=", `\%`, "%", `\(`, "(", `\)`, ")", `\,`, ",", `\#`, "#", `\&`, "&", `\>`, ">", `\*`, "*", `\!`, "!", `\'`, "'", `\"`, `"`)
	var used []string
	usedClass := map[string]bool{}
	for i, m := range all {
		if c := unescape.Replace(m[1]); i%3 == 0 && !usedClass[c] {
			used = append(used, c)
			usedClass[c] = true
		}
	}
	doc := `<!doctype html><html><body><div class="` + html.EscapeString(strings.Join(used, " ")) + `"></div></body></html>`
	got := subset(t, css, doc)
	for _, m := range all {
		rule, class := m[0][1:], unescape.Replace(m[1])
		switch in := strings.Contains(got, rule); {
		case usedClass[class] && !in:
			t.Errorf("the document uses %s but the subset lacks %s", class, rule)
		case !usedClass[class] && in:
			t.Errorf("the document does not use %s but the subset has %s", class, rule)
		}
	}
	if len(got) > len(css)*3/4 {
		t.Errorf("the subset for a third of the utilities is %d bytes of %d", len(got), len(css))
	}

	// A page that uses nothing keeps the preflight but none of the theme's
	// colours, no registered property and no keyframes.
	bare := subset(t, css, `<!doctype html><html><head><title>x</title></head><body><main><h1>x</h1></main></body></html>`)
	for _, gone := range []string{".flex{", "@keyframes spin", "@keyframes headline-swap", "@property", "--color-brand-700:", "--tw-translate-x:"} {
		if strings.Contains(bare, gone) {
			t.Errorf("a page of a heading keeps %q", gone)
		}
	}
	// The rules of attributes stay (scripts set them: hidden, data-reveal-state),
	// and the keyframes they name.
	for _, kept := range []string{"@layer components;", "@layer theme{:root,:host{", "box-sizing:border-box", "h1,h2,h3,h4,h5,h6{", "[data-reveal-state=pending]{", "@keyframes reveal{"} {
		if !strings.Contains(bare, kept) {
			t.Errorf("a page of a heading lacks %q", kept)
		}
	}

	// A spinning, translated element keeps its keyframes, its registered
	// properties and the theme variable the animation is in.
	spin := subset(t, css, `<i class="animate-spin -translate-x-1/2 md:flex">`)
	for _, kept := range []string{"@keyframes spin{", "--animate-spin:", "@property --tw-translate-x{", "@property --tw-translate-y{", `@media (min-width:48rem){.md\:flex{display:flex}}`} {
		if !strings.Contains(spin, kept) {
			t.Errorf("a spinning, translated element's subset lacks %q", kept)
		}
	}
	if strings.Contains(spin, "@keyframes headline-swap") || strings.Contains(spin, "@property --tw-gradient-from{") {
		t.Error("a spinning, translated element's subset keeps keyframes or properties it does not use")
	}

	// The subset is itself a style sheet whose subset, for the same
	// document, is itself.
	again := subset(t, got, doc)
	if again != got {
		t.Errorf("the subset of the subset differs (%d bytes, want %d)", len(again), len(got))
	}
}

func BenchmarkSubsetOfTheBuiltSheet(b *testing.B) {
	css := builtSheet(&testing.T{})
	s, err := criticalcss.Parse(css)
	if err != nil {
		b.Fatal(err)
	}
	doc := `<div class="flex md:flex mx-auto max-w-7xl px-4 py-24 text-center text-2xl font-bold text-slate-900 mt-3 text-slate-700 rounded-md bg-brand-700">` + strings.Repeat(`<p class="mt-3 text-slate-700">text</p>`, 500) + `</div>`
	b.ReportAllocs()
	for b.Loop() {
		u := criticalcss.NewUsage()
		u.Scan(doc)
		_ = s.Subset(u)
	}
}

func FuzzSubset(f *testing.F) {
	f.Add(`.a{x:1}@media (min-width:1px){.b:hover{x:2}}:root{--c:var(--d);--d:1}@keyframes k{to{x:1}}`, `<i class="a b" style="animation:k">`)
	f.Add(`@layer a,b;@layer a{:where(.a>:not(:last-child)){--x:0}}@property --x{syntax:"*"}`, `<p class=a>`)
	f.Add(`.\32 xl\:p-0{padding:0}.x\[y\=\"z\"\]:is(){v:1}[data-a="}"]{b:c}`, `<div data-a class="2xl:p-0">`)
	f.Add("/*! c */ a { b: \"{\" } /* } */ @import 'x';", "<a>")
	f.Fuzz(func(t *testing.T, css, doc string) {
		s, err := criticalcss.Parse(css)
		if err != nil {
			return
		}
		u := criticalcss.NewUsage()
		u.Scan(doc)
		got := s.Subset(u)
		if len(got) > len(css)+len(css)/2+16 {
			t.Fatalf("the subset (%d bytes) is much longer than the sheet (%d)", len(got), len(css))
		}
		s2, err := criticalcss.Parse(got)
		if err != nil {
			t.Fatalf("the subset %q does not parse: %v", got, err)
		}
		if again := s2.Subset(u); again != got {
			t.Fatalf("the subset of the subset differs:\n%q\n%q", again, got)
		}
	})
}
