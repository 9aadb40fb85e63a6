// Package pagecache keeps rendered pages so that a visitor's request costs
// no JavaScript: the cache itself (stamped with the content version each
// page was rendered from, least recently used pages out first, the site's
// known pages in a tier of their own), the single flight that has
// concurrent misses for one page wait for one render, the content version
// read from the store at most once per TTL, and the rewarmer that brings
// cached pages up to a new version in the background. It knows nothing of
// HTTP, HTML or the stores: the server gives it what a page is and how to
// check one again.
package pagecache
