package server

import (
	"testing"

	"corpsite/internal/wire"
)

func TestBlogSlides(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		want []wire.BlogSlide
	}{
		{"empty body", "", []wire.BlogSlide{}},
		{"white space only", " \n\t ", []wire.BlogSlide{}},
		{"no h2 at all", "<p>One.</p>\n<p>Two.</p>", []wire.BlogSlide{{HTML: "<p>One.</p>\n<p>Two.</p>"}}},
		{
			"two sections",
			"<h2>First</h2>\n<p>A.</p>\n<h2>Second</h2>\n<p>B.</p><ul><li>x</li></ul>",
			[]wire.BlogSlide{{Heading: "First", HTML: "<p>A.</p>"}, {Heading: "Second", HTML: "<p>B.</p><ul><li>x</li></ul>"}},
		},
		{
			"content before the first h2 is a slide without a heading",
			"<p>Intro.</p><h2>Body</h2><p>Text.</p>",
			[]wire.BlogSlide{{HTML: "<p>Intro.</p>"}, {Heading: "Body", HTML: "<p>Text.</p>"}},
		},
		{
			"white space before the first h2 makes no slide",
			"\n  <h2>Only</h2><p>Text.</p>",
			[]wire.BlogSlide{{Heading: "Only", HTML: "<p>Text.</p>"}},
		},
		{
			"a heading without content keeps its slide",
			"<h2>Alone</h2><h2>Next</h2><p>x</p>",
			[]wire.BlogSlide{{Heading: "Alone"}, {Heading: "Next", HTML: "<p>x</p>"}},
		},
		{
			"an empty h2 with no content is dropped",
			"<h2> </h2><h2>Real</h2><p>x</p>",
			[]wire.BlogSlide{{Heading: "Real", HTML: "<p>x</p>"}},
		},
		{
			"entities are decoded in the heading and kept escaped in the HTML",
			"<h2>Q&amp;A: &lt;tags&gt; &amp; &quot;quotes&quot;</h2><p>Fish &amp; chips &lt;3</p>",
			[]wire.BlogSlide{{Heading: `Q&A: <tags> & "quotes"`, HTML: "<p>Fish &amp; chips &lt;3</p>"}},
		},
		{
			"heading text of nested inline elements, white space collapsed",
			"<h2 id=\"why\" class=\"x\">Why <em>we</em>\n   build</h2><p>x</p>",
			[]wire.BlogSlide{{Heading: "Why we build", HTML: "<p>x</p>"}},
		},
		{
			"attributes of the content are kept",
			`<h2>Links</h2><p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow">site</a></p>`,
			[]wire.BlogSlide{{Heading: "Links", HTML: `<p><a href="https://example.com/a?b=1&amp;c=2" rel="nofollow">site</a></p>`}},
		},
		{
			"an h2 nested in another element does not split",
			"<h2>Outer</h2><section><h2>Inner</h2><p>in</p></section><div><h2>Deep</h2></div>",
			[]wire.BlogSlide{{Heading: "Outer", HTML: "<section><h2>Inner</h2><p>in</p></section><div><h2>Deep</h2></div>"}},
		},
		{
			"h3 and other headings do not split",
			"<h2>A</h2><h3>Sub</h3><p>x</p><h1>Big</h1>",
			[]wire.BlogSlide{{Heading: "A", HTML: "<h3>Sub</h3><p>x</p><h1>Big</h1>"}},
		},
		{
			"upper-case tags are split too",
			"<H2>Loud</H2><P>x</P>",
			[]wire.BlogSlide{{Heading: "Loud", HTML: "<p>x</p>"}},
		},
		{
			"a paragraph or line break inside an h2 separates words",
			"<h2>Open<p>text</p></h2><h2>One<br>Two</h2>",
			[]wire.BlogSlide{{Heading: "Open text"}, {Heading: "One Two"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := blogSlides(tt.body)
			if len(got) != len(tt.want) {
				t.Fatalf("blogSlides(%q) = %d slides %+v, want %d %+v", tt.body, len(got), got, len(tt.want), tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("slide %d mismatch (-want +got):\n- %+v\n+ %+v", i, tt.want[i], got[i])
				}
			}
		})
	}
}
