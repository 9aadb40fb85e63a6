package server_test

import (
	"net/http"
	"strings"
	"testing"

	"corpsite/internal/wire"
)

// An editor's tags are checked (422 naming the field, nothing stored),
// saved as typed, kept when an update leaves them out, and published with
// the post.
func TestAdminPostTags(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	tags := func(ts ...string) *[]string { return &ts }
	in := wire.AdminPostInput{Title: "Tagged notes", Content: "<h2>One</h2><p>Body.</p>", Tags: tags(" Cloud   Native ", "Go")}
	res := f.admin(t, editor, "POST", "/api/admin/posts", in)
	if res.Status != http.StatusCreated {
		t.Fatalf("create: %d %s", res.Status, res.Body)
	}
	p := decodeInto[wire.AdminPost](t, res)
	if strings.Join(p.Tags, "|") != "Cloud Native|Go" {
		t.Errorf("created with tags %q", p.Tags)
	}

	for name, c := range map[string]struct {
		tags []string
		want string
	}{
		"too many":   {[]string{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9"}, "at most 8 tags"},
		"too short":  {[]string{"x"}, "2 to 30 characters"},
		"too long":   {[]string{strings.Repeat("y", 31)}, "2 to 30 characters"},
		"characters": {[]string{"C++"}, "only letters, digits, spaces and hyphens"},
		"repeated":   {[]string{"Go", "go"}, "are the same tag"},
	} {
		bad := in
		bad.Tags, bad.BaseVersion = &c.tags, p.Version
		res := f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, bad)
		if e := decodeAPIError(t, res); res.Status != http.StatusUnprocessableEntity || !strings.Contains(e.Fields["tags"], c.want) {
			t.Errorf("%s: %d %+v, want 422 with tags %q", name, res.Status, e, c.want)
		}
	}
	got := decodeInto[wire.AdminPost](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID, nil))
	if strings.Join(got.Tags, "|") != "Cloud Native|Go" {
		t.Errorf("after refused updates the tags are %q", got.Tags)
	}

	// Without tags in the body, the stored ones stay.
	keep := in
	keep.Tags, keep.Title, keep.BaseVersion = nil, "Tagged notes, again", got.Version
	res = f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, keep)
	if res.Status != http.StatusOK {
		t.Fatalf("update without tags: %d %s", res.Status, res.Body)
	}
	if kept := decodeInto[wire.AdminPost](t, res); strings.Join(kept.Tags, "|") != "Cloud Native|Go" {
		t.Errorf("update without tags left tags %q", kept.Tags)
	}
	if res := f.admin(t, editor, "POST", "/api/admin/posts/"+p.ID+"/publish", nil); res.Status != http.StatusOK {
		t.Fatalf("publish: %d %s", res.Status, res.Body)
	}
	if res := f.get(t, "/blog/tag/cloud-native"); res.Status != http.StatusOK || !strings.Contains(res.Body, "Tagged notes, again") {
		t.Errorf("the published post is not on its tag page: %d", res.Status)
	}
	// Retagging a published post moves it at once.
	in.Tags, in.Title = tags("Security"), "Tagged notes, again"
	in.BaseVersion = decodeInto[wire.AdminPost](t, f.admin(t, editor, "GET", "/api/admin/posts/"+p.ID, nil)).Version
	if res := f.admin(t, editor, "PUT", "/api/admin/posts/"+p.ID, in); res.Status != http.StatusOK {
		t.Fatalf("retag: %d %s", res.Status, res.Body)
	}
	if res := f.get(t, "/blog/tag/cloud-native"); res.Status != http.StatusNotFound {
		t.Errorf("the old tag's page = %d, want 404", res.Status)
	}
	if res := f.get(t, "/blog/tag/security"); res.Status != http.StatusOK {
		t.Errorf("the new tag's page = %d, want 200", res.Status)
	}
}
