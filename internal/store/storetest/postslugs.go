package storetest

import (
	"fmt"
	"sync"
	"testing"

	"corpsite/internal/domain"
)

// postSlugTests are the contract cases of posts' addresses: slugs, the
// earlier slugs of published posts, and the search fields.
var postSlugTests = []contractTest{
	{"PostSlug/RoundTripAndFind", testPostSlugRoundTrip},
	{"PostSlug/UniqueAmongPosts", testPostSlugUnique},
	{"PostSlug/UniqueUnderRace", testPostSlugRace},
	{"PostSlug/EarlierSlugsOfPublished", testPostSlugEarlier},
	{"PostSlug/GoWithThePost", testPostSlugDelete},
}

// wantSlugTaken fails unless err refuses the slug as another post's.
func wantSlugTaken(t *testing.T, err error, op string) {
	t.Helper()
	wantCode(t, err, domain.EInvalid, op)
	if e, ok := err.(*domain.Error); ok && e.Fields["slug"] != domain.MsgSlugTaken {
		t.Errorf("%s: fields %v, want the slug taken", op, e.Fields)
	}
}

// wantAddress fails unless key finds post id with slug now.
func wantAddress(t *testing.T, s domain.Store, key, id, slug string) {
	t.Helper()
	a, err := s.FindPostAddress(t.Context(), key)
	if err != nil || a.ID != id || a.Slug != slug {
		t.Errorf("FindPostAddress(%q) = %+v, %v; want post %q with slug %q", key, a, err, id, slug)
	}
}

func testPostSlugRoundTrip(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	p.Slug, p.SEOTitle, p.SEODescription, p.SocialImage = "boring-code", "Boring code – ಕನ್ನಡ", "Why “boring” wins.", "/covers/boring-1200.jpg"
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	got, err := s.GetBlogPost(ctx, "post-1")
	must(t, err, "GetBlogPost")
	if got.Slug != p.Slug || got.SEOTitle != p.SEOTitle || got.SEODescription != p.SEODescription || got.SocialImage != p.SocialImage {
		t.Errorf("stored %+v", got)
	}
	list, err := s.ListBlogPosts(ctx, domain.BlogFilter{})
	must(t, err, "ListBlogPosts")
	if len(list) != 1 || list[0].Slug != "boring-code" || list[0].SocialImage != p.SocialImage {
		t.Errorf("listed %+v", list)
	}
	wantAddress(t, s, "post-1", "post-1", "boring-code")
	wantAddress(t, s, "boring-code", "post-1", "boring-code")
	a, _ := s.FindPostAddress(ctx, "boring-code")
	if a.Status != domain.PostPublished || a.Path() != "/blog/boring-code" {
		t.Errorf("address %+v, path %q", a, a.Path())
	}
	_, err = s.FindPostAddress(ctx, "nothing-here")
	wantCode(t, err, domain.ENotFound, "FindPostAddress(unknown)")

	// The fields change with an update, and go back to "".
	got.SEOTitle, got.SEODescription, got.SocialImage = "", "", ""
	must(t, s.UpdateBlogPost(ctx, &got), "UpdateBlogPost")
	again, err := s.GetBlogPost(ctx, "post-1")
	must(t, err, "GetBlogPost")
	if again.SEOTitle != "" || again.SEODescription != "" || again.SocialImage != "" || again.Slug != "boring-code" {
		t.Errorf("after clearing: %+v", again)
	}
}

func testPostSlugUnique(t *testing.T, s domain.Store) {
	ctx := t.Context()
	a := newPost("post-a", t0, domain.PostDraft)
	a.Slug = "hello"
	must(t, s.CreateBlogPost(ctx, &a), "CreateBlogPost(a)")
	b := newPost("post-b", t0, domain.PostDraft)
	b.Slug = "hello"
	wantSlugTaken(t, s.CreateBlogPost(ctx, &b), "CreateBlogPost(b, same slug)")
	if _, err := s.GetBlogPost(ctx, "post-b"); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("refused post stored: %v", err)
	}
	b.Slug = ""
	must(t, s.CreateBlogPost(ctx, &b), "CreateBlogPost(b)")
	b.Slug = "hello"
	wantSlugTaken(t, s.UpdateBlogPost(ctx, &b), "UpdateBlogPost(b, a's slug)")
	b.Slug = "post-a" // a's ID: /blog/post-a is a's
	wantSlugTaken(t, s.UpdateBlogPost(ctx, &b), "UpdateBlogPost(b, a's ID)")
	b.Slug = "post-b" // its own ID: the same page
	must(t, s.UpdateBlogPost(ctx, &b), "UpdateBlogPost(b, own ID)")
	// Many posts without a slug.
	c := newPost("post-c", t0, domain.PostDraft)
	must(t, s.CreateBlogPost(ctx, &c), "CreateBlogPost(c)")
	got, err := s.GetBlogPost(ctx, "post-b")
	if err != nil || got.Slug != "post-b" || got.Version != 2 {
		t.Errorf("post-b = %+v, %v", got, err)
	}
}

// Posts given the same slug at the same moment: where writers run
// concurrently each may find it free before the other writes; one post
// gets it and every other is refused as a taken slug, never a failure.
func testPostSlugRace(t *testing.T, s domain.Store) {
	ctx := t.Context()
	const n = 8
	for round := range 4 {
		slug := fmt.Sprintf("launch-%d", round)
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				p := newPost(fmt.Sprintf("race-%d-%d", round, i), t0, domain.PostDraft)
				p.Slug = slug
				<-start
				errs[i] = s.CreateBlogPost(ctx, &p)
			})
		}
		close(start)
		wg.Wait()
		won := 0
		for i, err := range errs {
			if err == nil {
				won++
				continue
			}
			wantSlugTaken(t, err, fmt.Sprintf("round %d, CreateBlogPost %d", round, i))
		}
		if won != 1 {
			t.Errorf("round %d: %d posts got slug %q, want 1", round, won, slug)
		}
	}
}

func testPostSlugEarlier(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	p.Slug = "first"
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	p.Slug = "second"
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost(second)")
	p.Slug = "third"
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost(third)")
	wantAddress(t, s, "first", "post-1", "third")
	wantAddress(t, s, "second", "post-1", "third")
	wantAddress(t, s, "third", "post-1", "third")
	earlier, err := s.EarlierPostSlugs(ctx, "post-1")
	must(t, err, "EarlierPostSlugs")
	checkDiff(t, "earlier slugs", []string{"second", "first"}, earlier)

	// Another post may not take them.
	o := newPost("post-2", t0, domain.PostDraft)
	o.Slug = "first"
	wantSlugTaken(t, s.CreateBlogPost(ctx, &o), "CreateBlogPost(an earlier slug of another)")

	// Taking one back drops it from the earlier ones.
	p.Slug = "first"
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost(first again)")
	earlier, err = s.EarlierPostSlugs(ctx, "post-1")
	must(t, err, "EarlierPostSlugs")
	checkDiff(t, "earlier slugs after taking one back", []string{"third", "second"}, earlier)
	wantAddress(t, s, "first", "post-1", "first")

	// No slug: the address is the ID; the slug it had redirects.
	p.Slug = ""
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost(no slug)")
	wantAddress(t, s, "first", "post-1", "")

	// A draft's changes are not kept: it was never public.
	d := newPost("post-3", t0, domain.PostDraft)
	d.Slug = "draft-one"
	must(t, s.CreateBlogPost(ctx, &d), "CreateBlogPost(draft)")
	d.Slug = "draft-two"
	must(t, s.UpdateBlogPost(ctx, &d), "UpdateBlogPost(draft)")
	if _, err := s.FindPostAddress(ctx, "draft-one"); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("a draft's earlier slug found: %v", err)
	}
	earlier, err = s.EarlierPostSlugs(ctx, "post-3")
	if err != nil || len(earlier) != 0 {
		t.Errorf("draft's earlier slugs = %v, %v", earlier, err)
	}
	// Publishing keeps nothing either: the slug is the same.
	d.Status = domain.PostPublished
	must(t, s.UpdateBlogPost(ctx, &d), "UpdateBlogPost(publish)")
	if earlier, _ := s.EarlierPostSlugs(ctx, "post-3"); len(earlier) != 0 {
		t.Errorf("published draft's earlier slugs = %v", earlier)
	}
}

func testPostSlugDelete(t *testing.T, s domain.Store) {
	ctx := t.Context()
	p := newPost("post-1", t0, domain.PostPublished)
	p.Slug = "old"
	must(t, s.CreateBlogPost(ctx, &p), "CreateBlogPost")
	p.Slug = "new"
	must(t, s.UpdateBlogPost(ctx, &p), "UpdateBlogPost")
	must(t, s.DeleteBlogPost(ctx, "post-1"), "DeleteBlogPost")
	for _, key := range []string{"post-1", "old", "new"} {
		if _, err := s.FindPostAddress(ctx, key); domain.ErrorCode(err) != domain.ENotFound {
			t.Errorf("FindPostAddress(%q) after delete: %v", key, err)
		}
	}
	// The slugs are free again.
	q := newPost("post-2", t0, domain.PostDraft)
	q.Slug = "old"
	must(t, s.CreateBlogPost(ctx, &q), "CreateBlogPost(old slug of a deleted post)")
}
