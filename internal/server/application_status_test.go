package server_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server/applytest"
	"corpsite/internal/wire"
)

// statusToken applies and returns the status link's token from the answer.
func (f *applyFixture) statusToken(t *testing.T) (wire.ApplicationSaved, string) {
	t.Helper()
	res := f.apply(t, validRequest(), validFiles(), "")
	if res.Status != http.StatusCreated {
		t.Fatalf("apply: %d %s", res.Status, res.Body)
	}
	saved := decodeSaved(t, res)
	_, token, ok := strings.Cut(saved.StatusURL, "/application-status#t=")
	if !ok || len(token) != 43 {
		t.Fatalf("statusUrl = %q", saved.StatusURL)
	}
	return saved, token
}

// checkPrivate fails unless res may be kept by no one and sends no referrer.
func checkPrivate(t *testing.T, name string, res response) {
	t.Helper()
	if got := res.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("%s: Cache-Control = %q, want no-store", name, got)
	}
	if got := res.Header.Get("Referrer-Policy"); got != "no-referrer" {
		t.Errorf("%s: Referrer-Policy = %q, want no-referrer", name, got)
	}
	if res.Header.Get("ETag") != "" {
		t.Errorf("%s: has an ETag", name)
	}
	if got := res.Header.Get("Cross-Origin-Opener-Policy"); got != "same-origin" {
		t.Errorf("%s: Cross-Origin-Opener-Policy = %q, want same-origin", name, got)
	}
}

func TestStatusPageIsPrivateAndHoldsNothingPrivate(t *testing.T) {
	f := newApplyFixture(t)
	saved, _ := f.statusToken(t)
	for range 2 { // a render, then the cached page
		res := f.get(t, "/application-status")
		if res.Status != http.StatusOK {
			t.Fatalf("status page: %d", res.Status)
		}
		checkPrivate(t, "status page", res)
		checkSecurityHeaders(t, "status page", res)
		if !strings.Contains(res.Body, `<meta name="robots" content="noindex">`) {
			t.Error("status page lacks noindex")
		}
		if strings.Contains(res.Body, saved.Reference) || strings.Contains(res.Body, applytest.Email) {
			t.Error("the status page's HTML holds an application's data")
		}
		if !strings.Contains(res.Body, "needs JavaScript") {
			t.Error("the page does not say it needs JavaScript")
		}
	}
	if sm := f.get(t, "/sitemap.xml"); strings.Contains(sm.Body, "application-status") {
		t.Error("the status page is in the sitemap")
	}
}

func TestStatusAPI(t *testing.T) {
	f := newApplyFixture(t)
	saved, token := f.statusToken(t)
	post := func(path string, body any) response {
		t.Helper()
		b, _ := json.Marshal(body)
		res := f.post(t, "/api/application-status"+path, "198.51.100.4:5000", "application/json", string(b))
		checkPrivate(t, "POST "+path, res)
		return res
	}

	res := post("", wire.StatusTokenRequest{Token: token})
	var st wire.ApplicantStatus
	if err := json.Unmarshal([]byte(res.Body), &st); err != nil || res.Status != http.StatusOK {
		t.Fatalf("view: %d %s", res.Status, res.Body)
	}
	if st.Reference != saved.Reference || st.JobTitle != f.job.JobTitle || st.StageLabel != "Received" || !st.CanWithdraw {
		t.Errorf("view = %+v", st)
	}
	if res := post("", wire.StatusTokenRequest{Token: strings.Repeat("x", 43)}); res.Status != http.StatusNotFound ||
		!strings.Contains(decodeAPIError(t, res).Message, "no longer works") {
		t.Errorf("unknown token: %d %s", res.Status, res.Body)
	}
	if res := post("", map[string]string{"token": token, "extra": "1"}); res.Status != http.StatusBadRequest && res.Status != http.StatusUnprocessableEntity {
		t.Errorf("unknown field: %d", res.Status)
	}
	// The token in a URL is no way in.
	if res := f.get(t, "/api/application-status?t="+token); res.Status != http.StatusMethodNotAllowed {
		t.Errorf("GET with the token in the query: %d", res.Status)
	}

	res = post("/download", wire.StatusTokenRequest{Token: token})
	if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "application/zip" ||
		res.Header.Get("Content-Disposition") != "attachment; filename=application-"+saved.Reference+".zip" {
		t.Fatalf("download: %d %v", res.Status, res.Header)
	}
	zr, err := zip.NewReader(bytes.NewReader([]byte(res.Body)), int64(len(res.Body)))
	if err != nil || len(zr.File) != 4 {
		t.Fatalf("download zip: %v, %d files", err, len(zr.File))
	}

	res = post("/withdraw", wire.StatusTokenRequest{Token: token})
	if err := json.Unmarshal([]byte(res.Body), &st); err != nil || res.Status != http.StatusOK || st.Stage != "withdrawn" {
		t.Errorf("withdraw: %d %s", res.Status, res.Body)
	}

	if res := post("/erase", wire.StatusEraseRequest{Token: token}); res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
		t.Errorf("unconfirmed erase: %d %s", res.Status, res.Body)
	}
	if n := len(f.applications(t)); n != 1 {
		t.Fatalf("an unconfirmed erase left %d applications", n)
	}
	res = post("/erase", wire.StatusEraseRequest{Token: token, Confirm: "erase"})
	if res.Status != http.StatusOK || len(f.applications(t)) != 0 || len(f.allBlobs(t)) != 0 {
		t.Errorf("erase: %d %s; %d applications, %d documents left", res.Status, res.Body, len(f.applications(t)), len(f.allBlobs(t)))
	}
	entries, _, err := f.store.ListAudit(t.Context(), domain.AuditFilter{Subject: saved.Reference})
	if err != nil || len(entries) != 1 || entries[0].ClientIP != "198.51.100.4" {
		t.Errorf("audit: %+v, %v", entries, err)
	}
	if res := post("", wire.StatusTokenRequest{Token: token}); res.Status != http.StatusNotFound {
		t.Errorf("erased application's link: %d", res.Status)
	}
}

func TestStatusLostLinkAnswersAlike(t *testing.T) {
	f := newApplyFixture(t)
	saved, _ := f.statusToken(t)
	ask := func(email, ref string) response {
		t.Helper()
		b, _ := json.Marshal(wire.StatusLinkRequest{Email: email, Reference: ref})
		res := f.post(t, "/api/application-status/link", "198.51.100.7:5000", "application/json", string(b))
		checkPrivate(t, "lost link", res)
		return res
	}
	hit, miss := ask(applytest.Email, saved.Reference), ask("nobody@example.com", saved.Reference)
	if hit.Status != http.StatusAccepted || hit.Body != miss.Body || miss.Status != hit.Status {
		t.Errorf("answers differ: %d %s / %d %s", hit.Status, hit.Body, miss.Status, miss.Body)
	}
	if res := ask("not an address", "x"); res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
		t.Errorf("malformed: %d", res.Status)
	}
	var last response
	for range 5 {
		last = ask("nobody@example.com", "APP-AAAAAAAA")
	}
	if last.Status != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
		t.Errorf("past the client's limit: %d, Retry-After %q", last.Status, last.Header.Get("Retry-After"))
	}
}
