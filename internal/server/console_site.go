package server

// What the staff console (internal/console) asks of the public site: its
// pages as they would be (previews and the JobPosting check) and that they
// show a change at once. The pages are rendered and cached here.

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// consoleSite is the site as the console sees it (console.Site).
type consoleSite struct{ s *Server }

func (c consoleSite) Changed(ctx context.Context) { c.s.contentChanged(ctx) }

func (c consoleSite) PreviewJob(ctx context.Context, j domain.Job) (string, error) {
	return c.s.previewPage(ctx, "/job/"+j.ID, c.s.jobPageSpec(j))
}

func (c consoleSite) PreviewPost(ctx context.Context, p domain.BlogPost, comments []wire.Comment) (string, error) {
	p, err := c.s.withBodyImages(ctx, p)
	if err != nil {
		return "", err
	}
	return c.s.previewPage(ctx, p.Path(), c.s.postPageSpec(p, comments))
}

func (c consoleSite) Comments(ctx context.Context, postID string) ([]wire.Comment, error) {
	return c.s.visibleComments(ctx, postID)
}

func (c consoleSite) CheckJob(j domain.Job) []wire.CheckItem {
	return c.s.seo.CheckJobPosting(j, c.s.jobURL(j.ID))
}

// jobPageSpec is the public page of job j, visible to visitors.
func (s *Server) jobPageSpec(j domain.Job) *pageSpec {
	spec := &pageSpec{Page: "job", API: map[string]wire.Result{"/api/jobs/" + wire.EncodeURIComponent(j.ID): result(s.jobView(j), nil)}}
	s.describeJobPage(spec, j)
	return spec
}

// previewPage renders spec at path into a complete document, as the page
// cache would hold it, for a sandboxed iframe in the console.
func (s *Server) previewPage(ctx context.Context, path string, spec *pageSpec) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, renderDeadline)
	defer cancel()
	p, err := s.renderSpec(ctx, path, spec, false)
	if err != nil {
		return "", err
	}
	if p.status != http.StatusOK {
		return "", fmt.Errorf("server: preview of %s rendered with status %d", path, p.status)
	}
	// The frame runs no script; its requests for the app's modules would
	// only fail (an opaque origin) and clutter the console.
	html := previewScripts.ReplaceAllString(string(p.body[codingIdentity]), "")
	html = strings.ReplaceAll(html, "<script>"+appLoader+"</script>\n", "")
	// A srcdoc frame runs under the console's Content-Security-Policy,
	// which allows no inline style sheet (a page's own is allowed by its
	// hash on the page's answer only): the frame links the whole sheet,
	// from this origin, instead.
	var links strings.Builder
	for _, href := range s.assets.entryCSS {
		links.WriteString(`<link rel="stylesheet" href="` + href + `">`)
	}
	return previewStyle.ReplaceAllLiteralString(html, links.String()), nil
}

// previewStyle matches the page's inline style sheet (it holds no
// "</style", see pageStyle).
var previewStyle = regexp.MustCompile(`(?s)<style>.*?</style>`)

// previewScripts matches the list of the app's modules (appLoader, removed
// as well, would start them).
var previewScripts = regexp.MustCompile(`<script id="app-modules" type="application/json">[^<]*</script>\n?`)
