package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/wire"
)

// benchApplications measures the application endpoint over HTTP: the
// server time of one application with three 5 MB documents, the memory
// growth while 20 clients upload 10 MB each at once, and whether 50
// concurrent applications are all stored on SQLite. Request bodies are
// generated as they are sent, so the client's memory stays out of the
// figures.
func benchApplications(origin, jobID string) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	var seq atomic.Int64
	send := func(sizes [3]int64) (int, time.Duration, error) {
		n := seq.Add(1)
		t0 := time.Now()
		status, err := postApplication(client, origin, jobID, n, sizes)
		return status, time.Since(t0), err
	}

	const mb = 1 << 20
	var times []time.Duration
	for range 5 {
		status, d, err := send([3]int64{5 * mb, 5 * mb, 5 * mb})
		if err != nil || status != http.StatusCreated {
			return fmt.Errorf("application with three 5 MB documents: %d %v", status, err)
		}
		times = append(times, d)
	}
	fmt.Printf("\nOne application with three 5 MB documents (loopback): median %s, max %s\n", pct(times, 50), pct(times, 100))

	debug.FreeOSMemory()
	before := rssBytes()
	var peak atomic.Int64
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stopSampling:
				return
			case <-t.C:
				if r := rssBytes(); r > peak.Load() {
					peak.Store(r)
				}
			}
		}
	}()
	ok, failed := concurrently(20, func() (int, error) {
		status, _, err := send([3]int64{10 * mb, 64 << 10, 64 << 10})
		return status, err
	})
	close(stopSampling)
	<-sampled
	fmt.Printf("20 concurrent 10 MB uploads: %d stored, %d failed; RSS growth %.1f MB (before %.1f MB, peak %.1f MB)\n",
		ok, failed, float64(peak.Load()-before)/mb, float64(before)/mb, float64(peak.Load())/mb)

	t0 := time.Now()
	ok, failed = concurrently(50, func() (int, error) {
		status, _, err := send([3]int64{200 << 10, 100 << 10, 100 << 10})
		return status, err
	})
	fmt.Printf("50 concurrent applications on SQLite: %d stored, %d refused or failed, in %s\n",
		ok, failed, time.Since(t0).Round(time.Millisecond))
	return nil
}

// concurrently runs fn n times at once and counts 201 answers.
func concurrently(n int, fn func() (int, error)) (ok, failed int) {
	var wg sync.WaitGroup
	var okN, failN atomic.Int64
	for range n {
		wg.Go(func() {
			if status, err := fn(); err == nil && status == http.StatusCreated {
				okN.Add(1)
			} else {
				failN.Add(1)
				if err != nil {
					fmt.Fprintln(os.Stderr, "bench: upload:", err)
				} else {
					fmt.Fprintln(os.Stderr, "bench: upload answered", status)
				}
			}
		})
	}
	wg.Wait()
	return int(okN.Load()), int(failN.Load())
}

// postApplication sends application number n with a resume, an ID
// document and a certification of the given sizes (PDFs), from its own
// client address so that the per-client limit does not interfere.
func postApplication(client *http.Client, origin, jobID string, n int64, sizes [3]int64) (int, error) {
	elapsed := int64(120_000)
	req := wire.ApplicationRequest{
		FirstName: "Bench", LastName: "Applicant" + strconv.FormatInt(n, 10), FullName: "Bench Applicant",
		Email: fmt.Sprintf("bench%d@example.com", n), PhoneCountryCode: "+91", PhoneNumber: "9876543210",
		Address: "1 Test Road, Hyderabad", LocationPreference: "Hyderabad",
		AvailabilityDate: time.Now().UTC().AddDate(0, 1, 0).Format(time.DateOnly),
		Certifications:   []wire.CertificationName{{Name: "Benchmark"}},
		HeardFrom:        "Job Board", NationalIDType: "PAN", NationalIDNumber: "ABCPE1234K",
		Consent: true, ConsentVersion: domain.ConsentVersion, ElapsedMs: &elapsed,
	}
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		pw.CloseWithError(writeApplication(mw, req, sizes))
	}()
	hr, err := http.NewRequest(http.MethodPost, origin+"/api/jobs/"+jobID+"/applications", pr)
	if err != nil {
		return 0, err
	}
	hr.Header.Set("Content-Type", mw.FormDataContentType())
	hr.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255))
	res, err := client.Do(hr)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	return res.StatusCode, nil
}

func writeApplication(mw *multipart.Writer, req wire.ApplicationRequest, sizes [3]int64) error {
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="application"`)
	h.Set("Content-Type", "application/json")
	w, err := mw.CreatePart(h)
	if err != nil {
		return err
	}
	if err := json.NewEncoder(w).Encode(req); err != nil {
		return err
	}
	parts := []string{domain.ResumePart, domain.IDDocumentPart, domain.CertificationPartPrefix + "0"}
	for i, part := range parts {
		w, err := mw.CreateFormFile(part, part+".pdf")
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, pdfOfSize(sizes[i])); err != nil {
			return err
		}
	}
	return mw.Close()
}

// pdfOfSize returns a reader of a PDF of exactly size bytes: a header, a
// comment padding and a trailer, generated as it is read.
func pdfOfSize(size int64) io.Reader {
	head := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	tail := []byte("\n%%EOF\n")
	pad := size - int64(len(head)+len(tail))
	line := []byte("% padding of a generated benchmark document\n")
	return io.MultiReader(bytes.NewReader(head), io.LimitReader(repeatReader(line), pad), bytes.NewReader(tail))
}

// repeatReader yields line over and over.
func repeatReader(line []byte) io.Reader {
	off := 0
	return readerFunc(func(p []byte) (int, error) {
		n := 0
		for n < len(p) {
			c := copy(p[n:], line[off:])
			n += c
			off = (off + c) % len(line)
		}
		return n, nil
	})
}

type readerFunc func(p []byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// rssBytes is the process's resident set size (Linux), or 0.
func rssBytes() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			fields := strings.Fields(rest)
			if len(fields) == 2 && fields[1] == "kB" {
				kb, _ := strconv.ParseInt(fields[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}
