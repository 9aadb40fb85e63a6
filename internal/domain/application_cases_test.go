package domain_test

// The shared cases of the application's rules, run the way the server
// runs an application: wire.ApplicationRequest.Normalize, Fields, then
// domain.ValidateApplication. The web app runs the same file through
// validateApplication (web/src/features/apply/rules.test.ts). This is an
// external test package so that the domain package itself keeps depending
// on nothing but the standard library.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// applicationCases is testdata/application-cases.json.
type applicationCases struct {
	Today       string                     `json:"today"`
	Application map[string]any             `json:"application"`
	Files       map[string]domain.FileMeta `json:"files"`
	Flattened   map[string]string          `json:"flattened"`
	Cases       []applicationCase          `json:"cases"`
}

type applicationCase struct {
	Name    string                      `json:"name"`
	Set     map[string]any              `json:"set"`
	Files   map[string]*domain.FileMeta `json:"files"`
	NoFiles bool                        `json:"noFiles"`
	Want    map[string]string           `json:"want"`
}

func loadApplicationCases(t testing.TB) applicationCases {
	t.Helper()
	b, err := os.ReadFile("testdata/application-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c applicationCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// build returns the case's application (base with the case's paths set,
// decoded strictly so that a misspelt path fails) and its files, nil for
// a case that checks text only.
func (tc applicationCase) build(t testing.TB, all applicationCases) (wire.ApplicationRequest, map[string]domain.FileMeta) {
	t.Helper()
	doc := deepCopy(t, all.Application)
	for _, p := range slices.Sorted(maps.Keys(tc.Set)) {
		if err := setPath(doc, p, tc.Set[p]); err != nil {
			t.Fatalf("set %s: %v", p, err)
		}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var req wire.ApplicationRequest
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		t.Fatalf("the case's application does not decode as wire.ApplicationRequest: %v", err)
	}
	if tc.NoFiles {
		return req, nil
	}
	files := maps.Clone(all.Files)
	for part, meta := range tc.Files {
		if meta == nil {
			delete(files, part)
		} else {
			files[part] = *meta
		}
	}
	return req, files
}

func deepCopy(t testing.TB, v map[string]any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// setPath sets a dotted path in a decoded JSON document; a numeric
// segment indexes a list, and the index just past its end appends.
func setPath(doc map[string]any, path string, value any) error {
	segs := strings.Split(path, ".")
	var cur any = doc
	for i, seg := range segs {
		last := i == len(segs)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[seg] = value
				return nil
			}
			cur = c[seg]
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n > len(c) {
				return fmt.Errorf("index %q of a list of %d", seg, len(c))
			}
			if n == len(c) {
				if !last {
					return fmt.Errorf("index %d is past the end", n)
				}
				// Appending changes the slice header: set it in the parent.
				return setPath(doc, strings.Join(segs[:i], "."), append(c, value))
			}
			if last {
				c[n] = value
				return nil
			}
			cur = c[n]
		default:
			return fmt.Errorf("segment %q is inside a %T", seg, cur)
		}
	}
	return nil
}

func TestApplicationSharedCases(t *testing.T) {
	all := loadApplicationCases(t)
	if len(all.Cases) < 60 {
		t.Fatalf("only %d cases", len(all.Cases))
	}
	names := map[string]bool{}
	for _, tc := range all.Cases {
		if names[tc.Name] {
			t.Errorf("two cases are named %q", tc.Name)
		}
		names[tc.Name] = true
		t.Run(tc.Name, func(t *testing.T) {
			req, files := tc.build(t, all)
			req.Normalize()
			got := domain.ValidateApplication(req.Fields(), files, all.Today)
			if len(got) == 0 && len(tc.Want) == 0 {
				return
			}
			if d := cmp.Diff(tc.Want, got); d != "" {
				t.Errorf("field errors mismatch (-want +got):\n%s", d)
			}
		})
	}
}

// TestApplicationSharedFlattening holds wire's Normalize and Fields to the
// flattened form the web app's flattenApplication must produce too.
func TestApplicationSharedFlattening(t *testing.T) {
	all := loadApplicationCases(t)
	req, _ := applicationCase{}.build(t, all)
	req.Normalize()
	got := req.Fields()
	keys := maps.Clone(got)
	maps.Copy(keys, all.Flattened)
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		g, inGot := got[k]
		w, inWant := all.Flattened[k]
		if g != w || inGot != inWant {
			t.Errorf("%s = %q (present %v), want %q (present %v)", k, g, inGot, w, inWant)
		}
	}
}

// TestApplicationSharedCasesCoverEveryRule makes the shared cases grow
// with the table: every message of every rule is expected by some case,
// so a new rule without a case (on both sides) fails here.
func TestApplicationSharedCasesCoverEveryRule(t *testing.T) {
	all := loadApplicationCases(t)
	expected := map[string]bool{}
	for _, tc := range all.Cases {
		for p, m := range tc.Want {
			expected[pattern(p)+" "+m] = true
		}
	}
	for _, r := range domain.ApplicationRules.Fields {
		for key, m := range r.Messages {
			if !expected[r.Path+" "+m] && !untested(r, key) {
				t.Errorf("no shared case expects %s's %s message %q", r.Path, key, m)
			}
		}
	}
}

// untested names the messages no shared case can reach: answers to
// values the web form cannot send (a boolean other than true or false)
// and messages that repeat another of the same rule.
func untested(r domain.FieldRule, key string) bool {
	switch {
	case r.Kind == domain.KindBool && key == domain.MsgInvalid:
		return true
	case r.Kind == domain.KindDate && (key == domain.MsgChars || key == domain.MsgTooLong):
		return true // the same words as invalid
	case r.Kind == domain.KindPhone && (key == domain.MsgChars || key == domain.MsgInvalid):
		return true // normalising keeps the digits only
	case r.Kind == domain.KindPhone && key == domain.MsgLength:
		return true // a template: TestPhoneLengthMessagesInCases checks the cases fill it
	case r.Kind == domain.KindFile && key != domain.MsgRequired && key != domain.MsgUnexpected && r.Path != domain.ResumePart:
		return true // the resume's cases cover the shared file checks
	}
	return false
}

// pattern turns a path into its rule's ("educations.1.score" →
// "educations.*.score", "certification.0" → "certification.*").
func pattern(p string) string {
	segs := strings.Split(p, ".")
	for i, s := range segs {
		if _, err := strconv.Atoi(s); err == nil {
			segs[i] = "*"
		}
	}
	return strings.Join(segs, ".")
}

// TestPhoneLengthMessagesInCases: the phone rule's length message is a
// template; the shared cases expect it filled in for regions of one
// length, two lengths and a range, with and without "the".
func TestPhoneLengthMessagesInCases(t *testing.T) {
	all := loadApplicationCases(t)
	tmpl := domain.ApplicationFieldRule("phoneNumber").Messages[domain.MsgLength]
	for _, want := range []string{
		strings.NewReplacer("{country}", "India", "{lengths}", "10").Replace(tmpl),
		strings.NewReplacer("{country}", "the United Kingdom", "{lengths}", "9 or 10").Replace(tmpl),
		strings.NewReplacer("{country}", "Germany", "{lengths}", "5 to 15").Replace(tmpl),
	} {
		found := false
		for _, tc := range all.Cases {
			found = found || tc.Want["phoneNumber"] == want
		}
		if !found {
			t.Errorf("no shared case expects %q", want)
		}
	}
}
