package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

// beacon sends a vitals beacon as the browser does (same-origin,
// text/plain unless contentType says otherwise) from client addr.
func (f *fixture) beacon(t *testing.T, addr, contentType, body string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/vitals", strings.NewReader(body))
	req.RemoteAddr = addr
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

// vitalsStored returns the stored series (route metric → count) since the
// start of the test clock's month.
func (f *fixture) vitalsStored(t *testing.T) map[string]int64 {
	t.Helper()
	series, err := f.store.ListVitals(t.Context(), time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, s := range series {
		got[s.Route+" "+string(s.Metric)] = s.Count
	}
	return got
}

func TestVitalsBeaconValidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	const plain = "text/plain;charset=UTF-8"
	for _, tc := range []struct {
		name        string
		contentType string
		body        string
		status      int
		field       string // the field named, if any
	}{
		{"bad JSON", plain, `{"route": "/", "metrics": {"lcp": 1200}`, 400, ""},
		{"not an object", plain, `[1, 2]`, 400, ""},
		{"data after the object", plain, `{"route": "/", "metrics": {"lcp": 1}} {}`, 400, ""},
		{"unknown field", plain, `{"route": "/", "metrics": {"lcp": 1}, "url": "https://example.com/"}`, 400, ""},
		{"unknown metric", plain, `{"route": "/", "metrics": {"fid": 12}}`, 400, ""},
		{"value as a string", plain, `{"route": "/", "metrics": {"lcp": "NaN"}}`, 400, ""},
		{"value too large for a number", plain, `{"route": "/", "metrics": {"lcp": 1e999}}`, 400, ""},
		{"no route", plain, `{"metrics": {"lcp": 1200}}`, 400, "route"},
		{"unknown route", plain, `{"route": "/wp-admin", "metrics": {"lcp": 1200}}`, 400, "route"},
		{"a URL instead of the pattern", plain, `{"route": "/job/abc123", "metrics": {"lcp": 1200}}`, 400, "route"},
		{"an absolute URL", plain, `{"route": "https://example.com/job/:id", "metrics": {"lcp": 1200}}`, 400, "route"},
		{"a query string", plain, `{"route": "/jobs?q=go", "metrics": {"lcp": 1200}}`, 400, "route"},
		{"the ServeMux syntax", plain, `{"route": "/job/{id}", "metrics": {"lcp": 1200}}`, 400, "route"},
		{"no metrics", plain, `{"route": "/"}`, 400, "metrics"},
		{"empty metrics", plain, `{"route": "/", "metrics": {}}`, 400, "metrics"},
		{"null metrics", plain, `{"route": "/", "metrics": {"lcp": null}}`, 400, "metrics"},
		{"negative LCP", plain, `{"route": "/", "metrics": {"lcp": -1, "cls": 0.01}}`, 400, "metrics.lcp"},
		{"huge INP", plain, `{"route": "/", "metrics": {"inp": 60001}}`, 400, "metrics.inp"},
		{"huge CLS", plain, `{"route": "/", "metrics": {"cls": 10.5}}`, 400, "metrics.cls"},
		{"negative TTFB", plain, `{"route": "/", "metrics": {"ttfb": -0.001}}`, 400, "metrics.ttfb"},
		{"oversized body", plain, `{"route": "/", "metrics": {"lcp": 1200}, "pad": "` + strings.Repeat("x", 1100) + `"}`, 413, ""},
		{"form content type", "application/x-www-form-urlencoded", `{"route": "/", "metrics": {"lcp": 1200}}`, 415, ""},
		{"no content type", "", `{"route": "/", "metrics": {"lcp": 1200}}`, 415, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := f.beacon(t, "203.0.113.20:4000", tc.contentType, tc.body)
			if res.Status != tc.status {
				t.Fatalf("status = %d, want %d; body %s", res.Status, tc.status, res.Body)
			}
			var e apiErr
			if err := json.Unmarshal([]byte(res.Body), &e); err != nil || e.Error.Message == "" {
				t.Fatalf("body %q: want a JSON error with a message", res.Body)
			}
			if tc.field != "" && e.Error.Fields[tc.field] == "" {
				t.Errorf("fields = %v, want a message for %q", e.Error.Fields, tc.field)
			}
			if c := res.Header.Get("Set-Cookie"); c != "" {
				t.Errorf("Set-Cookie: %s", c)
			}
		})
	}
	if got := f.vitalsStored(t); len(got) != 0 {
		t.Errorf("refused beacons stored measurements: %v", got)
	}
	if res := f.do(t, http.MethodGet, "/api/vitals", nil); res.Status != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "POST" {
		t.Errorf("GET /api/vitals = %d, Allow %q; want 405, POST", res.Status, res.Header.Get("Allow"))
	}
}

func TestVitalsBeaconStores(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, ct := range []string{"text/plain;charset=UTF-8", "application/json"} {
		res := f.beacon(t, "203.0.113.21:4000", ct, `{"route": "/job/:id", "metrics": {"lcp": 2300.5, "inp": 120, "cls": 0.02, "ttfb": 410}}`)
		if res.Status != http.StatusNoContent || res.Body != "" {
			t.Fatalf("%s: status = %d, body %q; want 204 and no body", ct, res.Status, res.Body)
		}
		if c := res.Header.Get("Set-Cookie"); c != "" {
			t.Errorf("Set-Cookie: %s", c)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control = %q, want no-store", cc)
		}
	}
	res := f.beacon(t, "203.0.113.21:4000", "text/plain", `{"route": "/", "metrics": {"cls": 0}}`)
	if res.Status != http.StatusNoContent {
		t.Fatalf("status = %d, want 204; %s", res.Status, res.Body)
	}
	want := map[string]int64{"/job/:id lcp": 2, "/job/:id inp": 2, "/job/:id cls": 2, "/job/:id ttfb": 2, "/ cls": 1}
	if d := diff(want, f.vitalsStored(t)); d != "" {
		t.Errorf("stored counts mismatch (-want +got):\n%s", d)
	}

	// The day is the site's date: 20:00 UTC is already tomorrow in India.
	f.clock.Add(8 * time.Hour)
	if res := f.beacon(t, "203.0.113.21:4000", "text/plain", `{"route": "/", "metrics": {"cls": 0}}`); res.Status != http.StatusNoContent {
		t.Fatalf("status = %d, want 204", res.Status)
	}
	series, err := f.store.ListVitals(t.Context(), time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC))
	if err != nil || len(series) != 1 || series[0].Route != "/" || series[0].Count != 1 {
		t.Errorf("measurements of 2026-11-22 = %+v, %v; want the one beacon sent at 01:30 in Kolkata", series, err)
	}

	// A cross-site beacon is refused by the cross-origin protection.
	req := httptest.NewRequest(http.MethodPost, "/api/vitals", strings.NewReader(`{"route": "/", "metrics": {"cls": 0}}`))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Content-Type", "text/plain")
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("cross-site beacon = %d, want 403", rec.Code)
	}
}

func TestVitalsBeaconRateLimit(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	body := `{"route": "/about", "metrics": {"ttfb": 200}}`
	for i := range 60 {
		if res := f.beacon(t, "198.51.100.7:1000", "text/plain", body); res.Status != http.StatusNoContent {
			t.Fatalf("beacon %d = %d, want 204; %s", i+1, res.Status, res.Body)
		}
	}
	res := f.beacon(t, "198.51.100.7:1001", "text/plain", body)
	if res.Status != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("61st beacon = %d, Retry-After %q; want 429 with a wait", res.Status, res.Header.Get("Retry-After"))
	}
	if res := f.beacon(t, "198.51.100.8:1000", "text/plain", body); res.Status != http.StatusNoContent {
		t.Errorf("another client's beacon = %d, want 204", res.Status)
	}
	if got := f.vitalsStored(t)["/about ttfb"]; got != 61 {
		t.Errorf("stored %d measurements, want 61 (the refused one not among them)", got)
	}
	// A new window counts afresh.
	f.clock.Add(11 * time.Minute)
	if res := f.beacon(t, "198.51.100.7:1000", "text/plain", body); res.Status != http.StatusNoContent {
		t.Errorf("beacon in a new window = %d, want 204", res.Status)
	}
}

// adminGet serves a staff API GET as st, without a session.
func (f *fixture) adminGet(t *testing.T, st server.Staff, target string) response {
	t.Helper()
	rec := httptest.NewRecorder()
	server.ServeAdminAs(f.srv, st, rec, httptest.NewRequest(http.MethodGet, target, nil))
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Header: res.Header, Body: string(b)}
}

func TestAdminVitalsReport(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	ctx := t.Context()
	editor := server.Staff{ID: "s1", Email: "ed@example.com", Role: domain.RoleEditor}
	day := func(ago int) time.Time { return time.Date(2026, 11, 21-ago, 0, 0, 0, 0, time.UTC) }
	record := func(ago int, route string, v map[domain.VitalsMetric]float64) {
		if err := f.store.RecordVitals(ctx, day(ago), route, v); err != nil {
			t.Fatal(err)
		}
	}

	res := f.adminGet(t, editor, "/api/admin/vitals")
	var empty wire.VitalsReport
	if res.Status != http.StatusOK || json.Unmarshal([]byte(res.Body), &empty) != nil {
		t.Fatalf("empty report = %d %s", res.Status, res.Body)
	}
	if empty.Days != 28 || empty.From != "2026-10-25" || empty.To != "2026-11-21" || empty.Routes == nil || len(empty.Routes) != 0 {
		t.Errorf("empty report = %+v; want 28 days to 2026-11-21 and routes []", empty)
	}
	wantInfo := []wire.VitalsMetricInfo{
		{Metric: "lcp", Label: "LCP", Name: "Largest Contentful Paint", Unit: "ms", Good: 2500, Poor: 4000},
		{Metric: "inp", Label: "INP", Name: "Interaction to Next Paint", Unit: "ms", Good: 200, Poor: 500},
		{Metric: "cls", Label: "CLS", Name: "Cumulative Layout Shift", Unit: "", Good: 0.1, Poor: 0.25},
		{Metric: "ttfb", Label: "TTFB", Name: "Time to First Byte", Unit: "ms", Good: 800, Poor: 1800},
	}
	if d := diff(wantInfo, empty.Metrics); d != "" {
		t.Errorf("metrics mismatch (-want +got):\n%s", d)
	}

	// The home page: fast LCP two days ago, slow yesterday; CLS poor.
	for range 4 {
		record(2, "/", map[domain.VitalsMetric]float64{domain.VitalLCP: 1500, domain.VitalCLS: 0.3})
	}
	for range 4 {
		record(1, "/", map[domain.VitalsMetric]float64{domain.VitalLCP: 5000, domain.VitalCLS: 0.3})
	}
	// A job page: fewer visits, INP needing improvement.
	record(0, "/job/:id", map[domain.VitalsMetric]float64{domain.VitalINP: 300, domain.VitalTTFB: 100})
	// Older than the period asked for.
	record(10, "/blog", map[domain.VitalsMetric]float64{domain.VitalLCP: 900})

	res = f.adminGet(t, editor, "/api/admin/vitals?days=7")
	var rep wire.VitalsReport
	if res.Status != http.StatusOK || json.Unmarshal([]byte(res.Body), &rep) != nil {
		t.Fatalf("report = %d %s", res.Status, res.Body)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control = %q, want no-store", cc)
	}
	if rep.Days != 7 || rep.From != "2026-11-15" || rep.To != "2026-11-21" {
		t.Errorf("period = %d days, %s to %s; want 7, 2026-11-15 to 2026-11-21", rep.Days, rep.From, rep.To)
	}
	var routes []string
	for _, r := range rep.Routes {
		routes = append(routes, r.Route)
	}
	if d := diff([]string{"/", "/job/:id"}, routes); d != "" {
		t.Fatalf("routes (most measured first, /blog outside the period) mismatch (-want +got):\n%s", d)
	}
	home := rep.Routes[0].Series
	if len(home) != 2 || home[0].Metric != "lcp" || home[1].Metric != "cls" {
		t.Fatalf("home series = %+v, want lcp then cls", home)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if got < want*(1-domain.VitalsPrecision) || got > want*(1+domain.VitalsPrecision) {
			t.Errorf("%s = %v, want about %v", what, got, want)
		}
	}
	lcp := home[0]
	if lcp.Count != 8 || lcp.Rating != "Poor" || len(lcp.Points) != 2 || lcp.Points[0].Day != "2026-11-19" || lcp.Points[1].Day != "2026-11-20" {
		t.Errorf("home LCP = %+v; want 8 views rated Poor, points on the 19th and 20th", lcp)
	}
	near("home LCP p75", lcp.P75, 5000)
	if len(lcp.Points) == 2 {
		near("home LCP p75 on the 19th", lcp.Points[0].P75, 1500)
		near("home LCP p75 on the 20th", lcp.Points[1].P75, 5000)
		if lcp.Points[0].P75 != float64(int(lcp.Points[0].P75)) {
			t.Errorf("LCP p75 %v is not in whole milliseconds", lcp.Points[0].P75)
		}
	}
	near("home CLS p75", home[1].P75, 0.3)
	if home[1].Rating != "Poor" {
		t.Errorf("home CLS rating = %q, want Poor", home[1].Rating)
	}
	job := rep.Routes[1].Series
	if len(job) != 2 || job[0].Metric != "inp" || job[0].Rating != "Needs improvement" || job[1].Metric != "ttfb" || job[1].Rating != "Good" {
		t.Errorf("job series = %+v; want INP needing improvement and a good TTFB", job)
	}

	for _, q := range []string{"0", "91", "x", "-3", "7.5"} {
		res := f.adminGet(t, editor, "/api/admin/vitals?days="+q)
		var e apiErr
		if res.Status != http.StatusBadRequest || json.Unmarshal([]byte(res.Body), &e) != nil || e.Error.Fields["days"] == "" {
			t.Errorf("days=%s: %d %s; want 400 naming days", q, res.Status, res.Body)
		}
	}
}
