package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// Slow uploads: slowClients connections from slowAddrs client addresses
// (told by X-Forwarded-For, which the bench server trusts from loopback)
// send a valid application text, start a resume, then one byte every
// slowByteEvery, as a client holding upload slots would; then one real
// application is sent and its answer and time printed. Figures only: the
// target is 201 within 5 s.
const (
	slowClients   = 32
	slowAddrs     = 4
	slowByteEvery = 5 * time.Second
	slowSettle    = 3 * time.Second // for the slow clients to take what they can
)

// benchSlowUploads runs the section against origin's job jobID.
func benchSlowUploads(origin, jobID string) error {
	u, err := url.Parse(origin)
	if err != nil {
		return err
	}
	prefix, ct, err := slowPrefix()
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var answered atomic.Int64
	for i := range slowClients {
		xff := fmt.Sprintf("10.99.0.%d", i%slowAddrs+1)
		wg.Go(func() {
			status := slowUpload(u.Host, jobID, xff, ct, prefix, stop)
			if status != 0 {
				answered.Add(1)
			}
		})
	}
	time.Sleep(slowSettle)
	early := answered.Load()

	client := &http.Client{Timeout: time.Minute}
	t0 := time.Now()
	status, err := postApplication(client, origin, jobID, 1<<20+7, [3]int64{200 << 10, 100 << 10, 100 << 10})
	took := time.Since(t0)
	close(stop)
	wg.Wait()
	if err != nil {
		return fmt.Errorf("real application beside slow uploads: %w", err)
	}
	fmt.Printf("%d slow uploads from %d addresses (1 byte every %s): %d turned away at once; "+
		"then a real application: %d in %s (target 201 within 5s)\n",
		slowClients, slowAddrs, slowByteEvery, early, status, took.Round(time.Millisecond))
	return nil
}

// slowPrefix is the start of a slow client's body: the application text,
// valid, and the beginning of a resume.
func slowPrefix() ([]byte, string, error) {
	elapsed := int64(120_000)
	req := wire.ApplicationRequest{
		FirstName: "Slow", LastName: "Client", FullName: "Slow Client",
		Email: "slow@example.com", PhoneCountryCode: "+91", PhoneNumber: "9876543210",
		Address: "1 Test Road, Hyderabad", LocationPreference: "Hyderabad",
		AvailabilityDate: time.Now().UTC().AddDate(0, 1, 0).Format(time.DateOnly),
		Certifications:   []wire.CertificationName{{Name: "Benchmark"}},
		HeardFrom:        "Job Board", NationalIDType: "PAN", NationalIDNumber: "ABCPE1234K",
		Consent: true, ConsentVersion: domain.ConsentVersion, ElapsedMs: &elapsed,
	}
	text, err := json.Marshal(req)
	if err != nil {
		return nil, "", err
	}
	const boundary = "slowbenchboundary"
	var b bytes.Buffer
	fmt.Fprintf(&b, "--%s\r\nContent-Disposition: form-data; name=%q\r\nContent-Type: application/json\r\n\r\n%s\r\n",
		boundary, domain.ApplicationPart, text)
	fmt.Fprintf(&b, "--%s\r\nContent-Disposition: form-data; name=%q; filename=\"cv.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%%PDF-1.7\n",
		boundary, domain.ResumePart)
	return b.Bytes(), "multipart/form-data; boundary=" + boundary, nil
}

// slowUpload sends prefix as the start of a 2 MB body, then a byte every
// slowByteEvery until stop, and returns the status the server answered
// with before then (0: none).
func slowUpload(host, jobID, xff, ct string, prefix []byte, stop <-chan struct{}) int {
	conn, err := net.Dial("tcp", host)
	if err != nil {
		return 0
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/jobs/%s/applications HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\n"+
		"X-Forwarded-For: %s\r\nContent-Length: %d\r\n\r\n", jobID, host, ct, xff, 2<<20)
	if _, err := conn.Write(prefix); err != nil {
		return 0
	}
	got := make(chan int, 1)
	go func() {
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			got <- 0
			return
		}
		res.Body.Close()
		got <- res.StatusCode
	}()
	tick := time.NewTicker(slowByteEvery)
	defer tick.Stop()
	for {
		select {
		case s := <-got:
			return s
		case <-stop:
			return 0
		case <-tick.C:
			_, _ = conn.Write([]byte{'x'})
		}
	}
}
