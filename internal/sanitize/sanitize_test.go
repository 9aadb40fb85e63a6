package sanitize

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestHTMLKeepsAllowedMarkup checks that well-formed content made only of
// allowed markup comes out byte for byte as it went in.
func TestHTMLKeepsAllowedMarkup(t *testing.T) {
	tests := []struct {
		name string
		in   string
	}{
		{"empty", ""},
		{"plain text", "Just words, nothing else."},
		{"paragraphs", "<p>First.</p>\n<p>Second.</p>"},
		{"line break", "<p>Uppal<br/>Hyderabad</p>"},
		{"headings", "<h2>Section</h2><h3>Sub</h3><h4>Minor</h4>"},
		{"lists", "<ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>"},
		{"nested list", "<ul><li>a<ul><li>a.1</li></ul></li></ul>"},
		{"emphasis", "<p><strong>s</strong> <b>b</b> <em>e</em> <i>i</i></p>"},
		{"quote", "<blockquote><p>Ship small, ship often.</p></blockquote>"},
		{"code", "<p>Run <code>go test ./...</code> first.</p>"},
		{"pre", "<pre><code>func main() {\n\tprintln(&#34;hi&#34;)\n}</code></pre>"},
		{"table", "<table><thead><tr><th>Plan</th><th>Price</th></tr></thead><tbody><tr><td>Basic</td><td>20000</td></tr></tbody></table>"},
		{"https link", `<p><a href="https://example.com/path?q=1&amp;r=2" rel="nofollow">docs</a></p>`},
		{"http link", `<a href="http://example.com/" rel="nofollow">site</a>`},
		{"mailto link", `<a href="mailto:careers@example.com" rel="nofollow">write to us</a>`},
		{"escaped text", "<p>Fish &amp; chips &lt;3 it&#39;s &#34;fine&#34;</p>"},
		{"non-ASCII", "<p>₹ 6,00,000 – 12,00,000 a year · “quoted” — café</p>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HTML(tt.in); got != tt.in {
				t.Errorf("HTML(%q)\n got %q\nwant it unchanged", tt.in, got)
			}
		})
	}
}

// TestHTML checks what happens to markup that is not allowed as it is.
// Where a removed tag leaves spaces behind is not part of the contract, so
// outputs are compared with runs of white space collapsed and trimmed.
func TestHTML(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		// Scripts and friends go, with their content.
		{"script", `<p>hi</p><script>alert(1)</script>`, `<p>hi</p>`},
		{"script uppercase", `<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>x</p>`, `<p>x</p>`},
		{"script in svg", `<svg><script>alert(1)</script></svg>ok`, `  ok`},
		{"split script tag", `<scr<script>ipt>alert(1)</script>`, ` ipt&gt;alert(1) `},
		{"style element", `<style>body{display:none}</style><p>x</p>`, `<p>x</p>`},
		{"iframe", `<iframe src="https://evil.example/"></iframe><p>x</p>`, `<p>x</p>`},
		{"object", `<object data="evil.swf"><p>fallback</p></object>`, ``},
		{"embed", `<embed src="evil.swf">x`, ` x`},
		{"noscript breakout", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`, `   &#34;&gt;`},
		{"comment", `<!-- <script>alert(1)</script> --><p>x</p>`, `<p>x</p>`},
		{"conditional comment", `<!--[if IE]><script>alert(1)</script><![endif]--><p>x</p>`, `<p>x</p>`},
		// In HTML content "<![CDATA[" opens a bogus comment that ends at the
		// first ">", as in a browser; what follows is harmless text.
		{"cdata", `<![CDATA[<script>alert(1)</script>]]><p>x</p>`, `alert(1)]]&gt;<p>x</p>`},

		// Event handlers, style, class, id and other attributes go.
		{"img onerror", `<img src=x onerror="alert(1)">`, ` `},
		{"img allowed nowhere", `<p>a<img src="https://example.com/a.png" alt="a">b</p>`, `<p>a b</p>`},
		{"onclick", `<p onclick="alert(1)">x</p>`, `<p>x</p>`},
		{"onmouseover on link", `<a href="https://example.com/" onmouseover="alert(1)">x</a>`, `<a href="https://example.com/" rel="nofollow">x</a>`},
		{"svg onload", `<svg onload=alert(1)>x</svg>`, ` x `},
		{"body onload", `<body onload=alert(1)><p>x</p></body>`, `<p>x</p>`},
		{"style attribute", `<p style="background:url(javascript:alert(1))">x</p>`, `<p>x</p>`},
		{"class and id", `<h2 class="big" id="top">T</h2>`, `<h2>T</h2>`},
		{"data attribute", `<li data-x="1">x</li>`, `<li>x</li>`},
		{"form", `<form action="https://evil.example/"><input name=p><button>go</button></form>`, `     go  `},

		// Links: only absolute http, https and mailto URLs.
		{"javascript url", `<a href="javascript:alert(1)">x</a>`, ` x `},
		{"javascript url mixed case", `<a href="JaVaScRiPt:alert(1)">x</a>`, ` x `},
		{"javascript url leading space", `<a href="  javascript:alert(1)">x</a>`, ` x `},
		{"javascript url tab entity", `<a href="java&#x09;script:alert(1)">x</a>`, ` x `},
		{"javascript url encoded", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`, ` x `},
		{"vbscript url", `<a href="vbscript:msgbox(1)">x</a>`, ` x `},
		{"data url", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, ` x `},
		{"relative url", `<a href="/admin">x</a>`, ` x `},
		{"protocol relative url", `<a href="//evil.example/">x</a>`, ` x `},
		{"unparseable url", `<a href="http://[::1">x</a>`, ` x `},
		{"target and rel replaced", `<a href="https://example.com/" target="_blank" rel="opener">x</a>`, `<a href="https://example.com/" rel="nofollow">x</a>`},
		{"anchor without href", `<a name="x">x</a>`, ` x `},

		// Nested and malformed tricks.
		{"math style img", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`, `    <table></table>  `},
		{"unclosed attribute", `<p title="x>y<script>alert(1)</script>">z</p>`, `<p>z</p>`},
		{"unclosed table", `<table><tr><td>x`, `<table><tbody><tr><td>x</td></tr></tbody></table>`},
		{"stray end tags", `</div></td></table><p>x</p>`, `<p>x</p>`},
		{"unclosed list", `<ul><li>a<li>b`, `<ul><li>a</li><li>b</li></ul>`},
		{"div becomes text with spaces", `<div>a</div><div>b</div>`, ` a  b `},
		{"lt in text", `<p>1 < 2 > 0</p>`, `<p>1 &lt; 2 &gt; 0</p>`},
		{"table without tbody", `<table><tr><td>1</td></tr></table>`, `<table><tbody><tr><td>1</td></tr></tbody></table>`},
		{"br normalised", `<p>a<br>b</p>`, `<p>a<br/>b</p>`},
		{"h1 not allowed", `<h1>Big</h1>`, ` Big `},
		{"base tag", `<base href="https://evil.example/"><p>x</p>`, `<p>x</p>`},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=https://evil.example/"><p>x</p>`, `<p>x</p>`},
		{"link stylesheet", `<link rel="stylesheet" href="https://evil.example/x.css"><p>x</p>`, `<p>x</p>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := HTML(tt.in)
			if squeeze(got) != squeeze(tt.want) {
				t.Errorf("HTML(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
			checkSafe(t, got)
			if again := HTML(got); again != got {
				t.Errorf("HTML is not idempotent on %q: second pass gives %q", got, again)
			}
			// None of these is an image a post may show: a post's text
			// is cleaned as a job's.
			if post := PostHTML(tt.in); squeeze(post) != squeeze(tt.want) {
				t.Errorf("PostHTML(%q)\n got %q\nwant %q", tt.in, post, tt.want)
			}
		})
	}
}

// squeeze collapses runs of white space to one space and trims the ends.
func squeeze(s string) string { return strings.Join(strings.Fields(s), " ") }

var allowedElements = map[string]bool{
	"p": true, "br": true, "h2": true, "h3": true, "h4": true,
	"ul": true, "ol": true, "li": true, "strong": true, "b": true, "em": true, "i": true,
	"blockquote": true, "code": true, "pre": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
	"a": true,
}

// checkSafe fails t unless out contains only allowed elements, no
// attribute except href and rel on links, and only http, https and
// mailto hrefs.
func checkSafe(t *testing.T, out string) {
	t.Helper()
	z := html.NewTokenizer(strings.NewReader(out))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return
		case html.CommentToken, html.DoctypeToken:
			t.Errorf("output %q contains a comment or doctype", out)
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			tok := z.Token()
			if !allowedElements[tok.Data] {
				t.Errorf("output %q contains element <%s>", out, tok.Data)
			}
			for _, a := range tok.Attr {
				switch {
				case tok.Data == "a" && a.Key == "rel" && a.Val == "nofollow":
				case tok.Data == "a" && a.Key == "href":
					u, err := url.Parse(a.Val)
					if err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "mailto") {
						t.Errorf("output %q contains href %q", out, a.Val)
					}
				default:
					t.Errorf("output %q contains attribute %s=%q on <%s>", out, a.Key, a.Val, tok.Data)
				}
			}
		}
	}
}

// FuzzHTML checks, for any input, that the output is safe and that
// sanitising it again changes nothing.
func FuzzHTML(f *testing.F) {
	for _, s := range []string{
		`<p>hi<script>alert(1)</script></p>`,
		`<a href="javascript:alert(1)">x</a>`,
		`<table><tr><td>x`,
		`<ul><li>a<ul><li>b</ul></ul>`,
		`<p><b><i>x</b></i></p>`,
		`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
		`<pre>` + "\n\nx" + `</pre>`,
		`<a href="https://example.com/"><a href="mailto:x@example.com">y</a></a>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := HTML(in)
		checkSafe(t, out)
		if again := HTML(out); again != out {
			t.Errorf("HTML(%q) = %q, but HTML of that = %q", in, out, again)
		}
	})
}
