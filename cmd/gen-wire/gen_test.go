package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFileIsUpToDate fails when web/src/gen/wire.ts,
// apply-rules.ts, contact-rules.ts or comment-rules.ts differs from what the
// generator writes for today's Go code.
func TestGeneratedFileIsUpToDate(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := generateAll(root)
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(root, f.path))
		if err != nil {
			t.Errorf("%s missing: run go generate ./...", f.path)
			continue
		}
		if string(got) != string(f.content) {
			t.Errorf("%s is out of date: run go generate ./...\n%s", f.path, firstDifference(string(f.content), string(got)))
		}
	}
}

func TestTypesFollowJSONTags(t *testing.T) {
	dir := t.TempDir()
	src := `package wire

import "time"

// Thing is a test type.
type Thing struct {
	Name   string            ` + "`json:\"name\"`" + `
	When   *time.Time        ` + "`json:\"when,omitempty\"`" + ` // last day
	Count  *int64            ` + "`json:\"count\"`" + `
	Tags   []string          ` + "`json:\"tags\"`" + `
	Fields map[string]string ` + "`json:\"fields,omitempty\"`" + `
	Data   any               ` + "`json:\"data\"`" + `
	Other  Other             ` + "`json:\"other\"`" + `
	Secret string            ` + "`json:\"-\"`" + `
	hidden string
}

type Other struct {
	OK bool ` + "`json:\"ok\"`" + `
}
`
	if err := os.WriteFile(filepath.Join(dir, "wire.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeTypes(&buf, dir); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		"/** Thing is a test type. */\nexport interface Thing {\n",
		"  name: string;\n",
		"  /** last day */\n  when?: string;\n",
		"  count: number | null;\n",
		"  tags: string[];\n",
		"  fields?: Record<string, string>;\n",
		"  data: unknown;\n",
		"  other: Other;\n",
		"export interface Other {\n  ok: boolean;\n}\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("generated types lack %q; got:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"Secret", "hidden"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("generated types contain %q; got:\n%s", unwanted, got)
		}
	}
}

// TestRuleTypesAreTheDomains: the rules tables' TypeScript types come from
// internal/domain, read-only like the tables written as const.
func TestRuleTypesAreTheDomains(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeRuleTypes(&buf, root); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		"export interface RuleSet {\n  readonly fields: readonly FieldRule[];\n",
		"  readonly verhoeff?: VerhoeffTableSet;\n",
		"export interface FieldRule {\n",
		"  readonly min?: number;\n",
		"  readonly noBidi?: boolean;\n",
		"  readonly within?: YearSpan;\n",
		"  readonly ranges?: Readonly<Record<string, NumberRange>>;\n",
		"  readonly messages: Readonly<Record<string, string>>;\n",
		"export interface NationalIDFormat {\n",
		"  readonly d: readonly (readonly number[])[];\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("generated rule types lack %q; got:\n%s", want, got)
		}
	}
}

func TestFieldWithoutTagIsRefused(t *testing.T) {
	dir := t.TempDir()
	src := "package wire\n\ntype T struct {\n\tName string\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "wire.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeTypes(&buf, dir); err == nil || !strings.Contains(err.Error(), "json tag") {
		t.Errorf("writeTypes(field without tag) = %v, want an error about the json tag", err)
	}
}

func TestRouterPath(t *testing.T) {
	for in, want := range map[string]string{"/": "/", "/about": "/about", "/job/{id}": "/job/:id", "/a/{x}/b/{y}": "/a/:x/b/:y"} {
		if got := routerPath(in); got != want {
			t.Errorf("routerPath(%q) = %q, want %q", in, got, want)
		}
	}
}

// firstDifference describes the first line where the committed file (got)
// differs from the generated one (want).
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n- generated: %s\n+ committed: %s", i+1, wl, gl)
		}
	}
	return ""
}
