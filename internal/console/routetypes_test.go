package console_test

import (
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"corpsite/internal/console"
)

// wirePkg is the package of the JSON contract: every body and answer of
// the console's API is one of its types.
const wirePkg = "corpsite/internal/wire"

// wireType reports whether t is a named struct type of the wire package.
func wireType(t reflect.Type) bool {
	return t != nil && t.Kind() == reflect.Struct && t.PkgPath() == wirePkg && t.Name() != ""
}

// Every route declares what it takes and answers, as wire types (an answer
// may also be a list of them, an empty object or a file): none is any, so
// cmd/gen-wire can tell the web console what each call sends and gets.
func TestEveryRouteDeclaresItsTypes(t *testing.T) {
	routes := console.RouteTypes()
	if len(routes) == 0 {
		t.Fatal("RouteTypes lists no routes")
	}
	for _, rt := range routes {
		key := rt.Method + " " + rt.Path
		switch {
		case rt.Request == nil:
		case rt.Form:
			t.Errorf("%s: a multipart form and a JSON body (%v)", key, rt.Request)
		case rt.Method == http.MethodGet:
			t.Errorf("%s: a GET with a body (%v)", key, rt.Request)
		case !wireType(rt.Request):
			t.Errorf("%s: the body is %v, not a struct type of internal/wire", key, rt.Request)
		}
		switch r := rt.Response; {
		case rt.File:
			if r != nil {
				t.Errorf("%s: a file and a JSON answer (%v)", key, r)
			}
		case r == nil:
			t.Errorf("%s declares no answer", key)
		case r.Kind() == reflect.Interface:
			t.Errorf("%s answers %v: declare its type", key, r)
		case r.Kind() == reflect.Slice && wireType(r.Elem()):
		case r.Kind() == reflect.Struct && r.Name() == "" && r.NumField() == 0: // {}
		case !wireType(r):
			t.Errorf("%s answers %v, not a type of internal/wire", key, r)
		}
		if rt.Status != http.StatusOK && rt.Status != http.StatusCreated {
			t.Errorf("%s: status %d", key, rt.Status)
		}
	}
}

// What some routes answer besides 200 and JSON, pinned so that a change of
// types keeps the statuses and downloads.
func TestRouteTypesKeepStatusesAndFiles(t *testing.T) {
	var createdRoutes, files, forms []string
	for _, rt := range console.RouteTypes() {
		key := rt.Method + " " + rt.Path
		if rt.Status == http.StatusCreated {
			createdRoutes = append(createdRoutes, key)
		}
		if rt.File {
			files = append(files, key)
		}
		if rt.Form {
			forms = append(forms, key)
		}
	}
	for _, c := range []struct {
		what      string
		got, want []string
	}{
		{"201 Created", createdRoutes, []string{"POST /staff", "POST /jobs", "POST /jobs/{id}/duplicate", "POST /job-locations", "POST /job-departments", "POST /posts", "POST /applications/{id}/notes", "POST /messages/{id}/notes", "POST /messages/{id}/replies"}},
		{"downloads", files, []string{"GET /audit/export.csv", "GET /applications/export.csv", "GET /applications/{id}/documents/{doc}", "GET /job-alerts/export.csv"}},
		{"uploads", forms, []string{"POST /posts/{id}/cover", "POST /posts/{id}/social-image", "POST /post-images", "POST /account/profile/photo", "POST /staff/{id}/profile/photo"}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.what, c.got, c.want)
		}
	}
}

// RouteTypes lists the routes the server mounts, in the same order.
func TestRouteTypesListTheMountedRoutes(t *testing.T) {
	var mounted, typed []string
	for _, rt := range console.New(console.Options{}).Routes() {
		mounted = append(mounted, rt.Method+" "+strings.TrimPrefix(rt.Path, console.Prefix))
	}
	for _, rt := range console.RouteTypes() {
		typed = append(typed, rt.Method+" "+rt.Path)
	}
	if !slices.Equal(mounted, typed) {
		t.Errorf("RouteTypes lists\n %v\nthe server mounts\n %v", typed, mounted)
	}
}
