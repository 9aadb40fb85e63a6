package httpcore

import (
	"net/http"
	"strings"

	"corpsite/internal/domain"
)

// Unrouted answers every request no route matched. A path that is known
// for other methods gets 405 with Allow (JSON under /api/); a page path
// with a trailing slash is sent to the path without it (301); otherwise
// the API answers a JSON 404 and pages the not-found page for GET and
// HEAD, 405 for other methods.
func Unrouted(mux *http.ServeMux, notFound http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		api := strings.HasPrefix(r.URL.Path, "/api/")
		if allow := allowedMethods(mux, r); len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			Refuse(w, r, http.StatusMethodNotAllowed, CodeMethodNotAllowed, "This address does not accept "+r.Method+" requests.")
			return
		}
		if !api && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
			if to, ok := withoutTrailingSlash(mux, r); ok {
				http.Redirect(w, r, to, http.StatusMovedPermanently)
				return
			}
		}
		switch {
		case api:
			Fail(w, r, domain.Errorf(domain.ENotFound, "No such API endpoint."))
		case r.Method == http.MethodGet || r.Method == http.MethodHead:
			notFound.ServeHTTP(w, r)
		default:
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		}
	})
}

// probedMethods are the methods a route may be declared for.
var probedMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// allowedMethods returns the methods for which mux has a route matching
// r's path other than the catch-all, or nil.
func allowedMethods(mux *http.ServeMux, r *http.Request) []string {
	var allow []string
	for _, m := range probedMethods {
		if m == r.Method {
			continue
		}
		probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
		if _, pattern := mux.Handler(probe); pattern != "" && pattern != "/" {
			allow = append(allow, m)
		}
	}
	return allow
}

// withoutTrailingSlash returns where a GET for a known path written with
// a trailing slash (/about/, /job/42/) should go: the same path without
// it, query kept. Only same-site paths are returned, never "//host".
func withoutTrailingSlash(mux *http.ServeMux, r *http.Request) (string, bool) {
	p := r.URL.EscapedPath()
	trimmed := strings.TrimRight(p, "/")
	if trimmed == p || trimmed == "" || strings.HasPrefix(trimmed, "//") || strings.HasPrefix(trimmed, "/\\") {
		return "", false
	}
	u := *r.URL
	u.Path, u.RawPath = strings.TrimRight(r.URL.Path, "/"), ""
	if trimmed != u.Path {
		u.RawPath = trimmed
	}
	probe := &http.Request{Method: http.MethodGet, URL: &u, Host: r.Host, Header: http.Header{}}
	if _, pattern := mux.Handler(probe); pattern == "" || pattern == "/" {
		return "", false
	}
	to := trimmed
	if r.URL.RawQuery != "" {
		to += "?" + r.URL.RawQuery
	}
	return to, true
}
