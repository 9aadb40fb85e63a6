package server_test

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// faqQA is one question and answer, as the page shows it or JSON-LD states it.
type faqQA struct{ Question, Answer string }

func TestFAQPageStructuredDataMatchesThePage(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	res := f.get(t, "/more")
	if res.Status != http.StatusOK {
		t.Fatalf("GET /more status = %d, want 200", res.Status)
	}

	pages := jsonLD(t, res.Body, "FAQPage")
	if len(pages) != 1 {
		t.Fatalf("/more has %d FAQPage JSON-LD blocks, want 1", len(pages))
	}
	if pages[0]["@context"] != "https://schema.org" {
		t.Errorf("FAQPage @context = %v, want https://schema.org", pages[0]["@context"])
	}
	entities, _ := pages[0]["mainEntity"].([]any)
	var stated []faqQA
	for i, e := range entities {
		q, _ := e.(map[string]any)
		a, _ := q["acceptedAnswer"].(map[string]any)
		if q["@type"] != "Question" || a["@type"] != "Answer" {
			t.Errorf("mainEntity[%d] types = %v / %v, want Question / Answer", i, q["@type"], a["@type"])
		}
		name, _ := q["name"].(string)
		text, _ := a["text"].(string)
		stated = append(stated, faqQA{name, text})
	}

	shown := visibleFAQ(t, rootHTML(t, res.Body))
	if len(shown) != 13 {
		t.Errorf("/more shows %d questions, want 13", len(shown))
	}
	if d := diff(shown, stated); d != "" {
		t.Errorf("FAQPage JSON-LD differs from the questions on the page (-page +JSON-LD):\n%s", d)
	}
	for _, q := range stated {
		if q.Question == "" || q.Answer == "" {
			t.Errorf("JSON-LD question %+v: want a question and an answer", q)
		}
	}
}

// visibleFAQ reads the FAQ from server-rendered markup: each question is a
// button whose aria-controls names the element holding its answer.
func visibleFAQ(t *testing.T, markup string) []faqQA {
	t.Helper()
	root, err := html.Parse(strings.NewReader(markup))
	if err != nil {
		t.Fatalf("parse #root: %v", err)
	}
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	byID := map[string]*html.Node{}
	var buttons []*html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if id := attr(n, "id"); id != "" {
				byID[id] = n
			}
			if n.Data == "button" && strings.HasPrefix(attr(n, "aria-controls"), "faq-answer-") {
				buttons = append(buttons, n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(root)

	// text is the text content of n, whitespace collapsed.
	text := func(n *html.Node) string {
		var b strings.Builder
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.TextNode {
				b.WriteString(n.Data)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(n)
		return strings.Join(strings.Fields(b.String()), " ")
	}
	var out []faqQA
	for _, b := range buttons {
		panel, ok := byID[attr(b, "aria-controls")]
		if !ok {
			t.Errorf("question %q controls %q, which is not in the page", text(b), attr(b, "aria-controls"))
			continue
		}
		out = append(out, faqQA{text(b), text(panel)})
	}
	return out
}
