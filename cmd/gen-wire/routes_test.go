package main

import (
	"reflect"
	"strings"
	"testing"

	"corpsite/internal/wire"
)

func TestRouteTSType(t *testing.T) {
	for _, c := range []struct {
		t         reflect.Type
		ts, named string
	}{
		{reflect.TypeFor[wire.AdminJob](), "AdminJob", "AdminJob"},
		{reflect.TypeFor[[]wire.StaffAccount](), "StaffAccount[]", "StaffAccount"},
		{reflect.TypeFor[struct{}](), "Record<string, never>", ""},
	} {
		ts, named, err := routeTSType(c.t)
		if err != nil || ts != c.ts || named != c.named {
			t.Errorf("routeTSType(%v) = %q, %q, %v; want %q, %q", c.t, ts, named, err, c.ts, c.named)
		}
	}
	for _, bad := range []reflect.Type{
		nil,
		reflect.TypeFor[any](),
		reflect.TypeFor[map[string]bool](),
		reflect.TypeFor[*wire.AdminJob](),
		reflect.TypeFor[struct{ OK bool }](),
		reflect.TypeFor[string](),
		reflect.TypeFor[TestingType](),
	} {
		if ts, _, err := routeTSType(bad); err == nil {
			t.Errorf("routeTSType(%v) = %q, want an error", bad, ts)
		}
	}
}

// TestingType is a struct type outside internal/wire.
type TestingType struct{}

func TestAdminRoutesMap(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	wireTS, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	out, err := generateAdminRoutes(wireTS)
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	for _, want := range []string{
		"import type {\n  AdminJob,\n",
		"} from './wire';\n",
		"export interface AdminRoutes {\n",
		"  'GET /jobs': { request: undefined; response: AdminJobList };\n",
		"  'POST /jobs': { request: AdminJobInput; response: AdminJob; status: 201 };\n",
		"  'PUT /jobs/{id}': { request: AdminJobInput; response: AdminJob };\n",
		"  'GET /staff': { request: undefined; response: StaffAccount[] };\n",
		"  'POST /logout': { request: undefined; response: Record<string, never> };\n",
		"  'POST /posts/{id}/cover': { request: FormData; response: AdminPost };\n",
		"  'GET /applications/export.csv': { request: undefined; response: 'file' };\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("admin-routes.ts lacks %q; got:\n%s", want, got)
		}
	}
	// A type the wire file does not emit is refused.
	if _, err := generateAdminRoutes([]byte("export interface Other {\n}\n")); err == nil || !strings.Contains(err.Error(), "is not in") {
		t.Errorf("generateAdminRoutes without the wire types = %v, want an error naming the missing type", err)
	}
}
