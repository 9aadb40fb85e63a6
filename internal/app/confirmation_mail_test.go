package app_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/mail"
	"strings"
	"testing"
	"time"

	"corpsite/internal/config"
	"corpsite/internal/domain"
	"corpsite/internal/mail/smtptest"
	"corpsite/internal/server/applytest"
)

// The whole path of an applicant's confirmation: the application is
// posted, and the SMTP server gets the received template's e-mail as
// multipart/alternative, the text and the HTML carrying the status link
// of the submit answer.
func TestApplicationConfirmationIsMailedAsTextAndHTML(t *testing.T) {
	t.Parallel()
	srv := smtptest.Start(t)
	cfg := testConfig(t, func(c *config.Config) {
		c.SMTPURL = srv.URL()
		c.MailFrom = "Nimbus Grove <site@nimbusgrove.example>"
	})
	s := start(t, cfg)
	now := time.Now()
	job := domain.Job{JobTitle: "Platform Engineer", Experience: "2-4", Location: "Hyderabad", Description: "<p>Platform.</p>",
		Status: domain.JobOpen, CreatedAt: now.Add(-time.Hour), UpdatedAt: now.Add(-time.Hour)}
	if err := s.app.Store().CreateJob(t.Context(), &job); err != nil {
		t.Fatal(err)
	}
	body, ct, err := applytest.Body(applytest.Request(now), applytest.Files())
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, s.app.URL()+"api/jobs/"+job.ID+"/applications", bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Origin", strings.TrimSuffix(s.app.URL(), "/"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var saved struct{ Reference, StatusURL string }
	if res.StatusCode != http.StatusCreated || json.Unmarshal(b, &saved) != nil || saved.StatusURL == "" {
		t.Fatalf("POST the application = %d %s, want 201 with a status link", res.StatusCode, b)
	}

	var got smtptest.Received
	for got.To == nil || got.To[0] != applytest.Email {
		select {
		case got = <-srv.Next():
		case <-time.After(30 * time.Second):
			t.Fatal("no confirmation reached the SMTP server")
		}
	}
	msg, err := mail.ReadMessage(bytes.NewReader(got.Data))
	if err != nil {
		t.Fatal(err)
	}
	if subject := msg.Header.Get("Subject"); subject != "Your application for Platform Engineer ("+saved.Reference+")" {
		t.Errorf("Subject %q", subject)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	parts := map[string]string{}
	r := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		typ, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		data, _ := io.ReadAll(p) // quoted-printable is undone by NextPart
		parts[typ] = strings.ReplaceAll(string(data), "\r\n", "\n")
	}
	for _, want := range []string{"Dear Meera,\n", "Your reference number: " + saved.Reference + "\n", saved.StatusURL + "\n",
		"Whatever the outcome, we will let you know.", "/privacy\n"} {
		if !strings.Contains(parts["text/plain"], want) {
			t.Errorf("the text part lacks %q:\n%s", want, parts["text/plain"])
		}
	}
	for _, want := range []string{"<p>Dear Meera,</p>", `<a href="` + saved.StatusURL + `">`, "Whatever the outcome, we will let you know."} {
		if !strings.Contains(parts["text/html"], want) {
			t.Errorf("the HTML part lacks %q:\n%s", want, parts["text/html"])
		}
	}
}
