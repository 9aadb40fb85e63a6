package siteimport_test

import (
	"encoding/json"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/siteimport"
)

func TestTimestampShapes(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Time
	}{
		{`{"_seconds": 1767225600, "_nanoseconds": 250000000}`, time.Unix(1767225600, 250000000)},
		{`{"seconds": 1767225600, "nanoseconds": 5}`, time.Unix(1767225600, 5)},
		{`"2026-03-14T09:30:00.000Z"`, time.Date(2026, 3, 14, 9, 30, 0, 0, time.UTC)},
		{`"2026-04-02T11:00:00+05:30"`, time.Date(2026, 4, 2, 5, 30, 0, 0, time.UTC)},
		{`"2026-04-02T11:00:00"`, time.Date(2026, 4, 2, 11, 0, 0, 0, time.UTC)},
		{`"2026-04-02"`, time.Date(2026, 4, 2, 0, 0, 0, 0, time.UTC)},
		{`null`, time.Time{}},
		{`""`, time.Time{}},
	} {
		var ts siteimport.Timestamp
		if err := json.Unmarshal([]byte(tt.in), &ts); err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if !ts.Equal(tt.want) || (!ts.IsZero() && ts.Location() != time.UTC) {
			t.Errorf("%s = %v, want %v in UTC", tt.in, ts.Time, tt.want)
		}
	}
	for _, bad := range []string{`"yesterday"`, `{"_nanoseconds": 1}`, `{"_seconds": 1, "_nanoseconds": 1000000000}`, `true`, `[1]`} {
		var ts siteimport.Timestamp
		if err := json.Unmarshal([]byte(bad), &ts); err == nil {
			t.Errorf("%s was accepted as %v", bad, ts.Time)
		}
	}
}

func TestDateAndTextFields(t *testing.T) {
	var d struct {
		A, B, C siteimport.DateText
		N       siteimport.Text
		Y, F    siteimport.Bool
	}
	in := `{"A": "2026-07-01", "B": "2026-08-15T00:00:00.000Z", "C": {"_seconds": 1621987200, "_nanoseconds": 0},
		"N": 9123456780, "Y": "yes", "F": false}`
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.A != "2026-07-01" || d.B != "2026-08-15" || d.C != "2021-05-26" || d.N != "9123456780" || !bool(d.Y) || bool(d.F) {
		t.Errorf("decoded %+v", d)
	}
	var b siteimport.Bool
	if err := json.Unmarshal([]byte(`"maybe"`), &b); err == nil {
		t.Error(`"maybe" was accepted as a yes/no`)
	}
}

func TestLocalID(t *testing.T) {
	for in, want := range map[string]string{
		"qa-analyst-02":        "qa-analyst-02",
		"JobCloudEng7Kq":       "_job_cloud_eng7_kq",
		"a_b":                  "a__b",
		"aB":                   "a_b",
		"x7GhT2pLmQ9vRzK4sWbN": "x7_gh_t2p_lm_q9v_rz_k4s_wb_n",
	} {
		if got := siteimport.LocalID(in); got != want || !domain.ValidID(got) {
			t.Errorf("LocalID(%q) = %q, want %q (a valid ID)", in, got, want)
		}
	}
	// Distinct IDs stay distinct, also those that escaping brings close.
	seen := map[string]string{}
	for _, in := range []string{"aB", "a_b", "ab", "AB", "a__b", "A_b", "has space", "has.dot", "", "ß", string(make([]byte, 70))} {
		got := siteimport.LocalID(in)
		if !domain.ValidID(got) {
			t.Errorf("LocalID(%q) = %q, not a valid ID", in, got)
		}
		if prev, dup := seen[got]; dup {
			t.Errorf("LocalID(%q) = LocalID(%q) = %q", in, prev, got)
		}
		seen[got] = in
		if again := siteimport.LocalID(in); again != got {
			t.Errorf("LocalID(%q) is not stable: %q then %q", in, got, again)
		}
	}
}

func TestStoragePath(t *testing.T) {
	for in, want := range map[string]string{
		"https://firebasestorage.googleapis.com/v0/b/site.appspot.com/o/resumes%2Fa%20b.pdf?alt=media&token=x": "resumes/a b.pdf",
		"gs://site.appspot.com/blogs/cover.jpg":                   "blogs/cover.jpg",
		"https://storage.googleapis.com/site.appspot.com/x/y.pdf": "x/y.pdf",
		"resumes/a.pdf":  "resumes/a.pdf",
		"/resumes/a.pdf": "resumes/a.pdf",
	} {
		if got, ok := siteimport.StoragePath(in); !ok || got != want {
			t.Errorf("StoragePath(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{
		"https://images.example.com/cover.jpg",
		"https://firebasestorage.googleapis.com/v0/b/site.appspot.com/o/..%2F..%2Fetc%2Fpasswd",
		"../secret.pdf", "resumes/../../x.pdf", "ftp://host/x.pdf",
	} {
		if got, ok := siteimport.StoragePath(bad); ok {
			t.Errorf("StoragePath(%q) = %q, want it refused", bad, got)
		}
	}
}
