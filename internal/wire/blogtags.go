package wire

// TagLink is a tag as pages show it: its name as typed and its slug, the
// tag page's address (/blog/tag/{slug}).
type TagLink struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// BlogTagPage is the page of one tag (GET /api/blog-tags/{slug}): the
// newest published posts with it, as the blog's list shows them.
type BlogTagPage struct {
	Tag TagLink `json:"tag"`
	// Heading is the page's heading ("Posts tagged “Go”"), PageTitle its
	// document title, site name included.
	Heading   string `json:"heading"`
	PageTitle string `json:"pageTitle"`
	// FeedURL is the path of the tag's Atom feed, FeedTitle its title.
	FeedURL   string `json:"feedUrl"`
	FeedTitle string `json:"feedTitle"`
	// List holds the posts: one page (Page and Pages are 1), at most the
	// newest blogTagPosts of Total.
	List BlogList `json:"list"`
}
