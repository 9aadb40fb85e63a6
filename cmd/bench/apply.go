package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"runtime/debug"
	"slices"
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
	a, err := postApplicationFiles(client, origin, jobID, n, []benchFile{
		{domain.ResumePart, "resume.pdf", pdfFile(sizes[0])},
		{domain.IDDocumentPart, "id.pdf", pdfFile(sizes[1])},
		{domain.CertificationPartPrefix + "0", "certificate.pdf", pdfFile(sizes[2])},
	})
	return a.status, err
}

// benchFile is a document of an application: its form part, its file
// name and its content, made as it is sent.
type benchFile struct {
	part, name string
	content    func() io.Reader
}

// pdfFile is a PDF of size bytes.
func pdfFile(size int64) func() io.Reader {
	return func() io.Reader { return pdfOfSize(size) }
}

// bytesFile is a document of the given bytes.
func bytesFile(b []byte) func() io.Reader {
	return func() io.Reader { return bytes.NewReader(b) }
}

// answer is the server's answer to an application: its status, and for
// a refusal its message and Retry-After.
type answer struct {
	status     int
	message    string
	retryAfter string
}

// String is the answer in a few words: "201", "503 (Retry-After 30): …".
func (a answer) String() string {
	s := strconv.Itoa(a.status)
	if a.retryAfter != "" {
		s += " (Retry-After " + a.retryAfter + ")"
	}
	if a.message != "" {
		msg := a.message
		if r := []rune(msg); len(r) > 90 {
			msg = string(r[:90]) + "…"
		}
		s += ": " + msg
	}
	return s
}

// postApplicationFiles sends application number n with files, from its
// own client address (X-Forwarded-For, which the bench server trusts from
// loopback) so that the per-client limits do not interfere.
func postApplicationFiles(client *http.Client, origin, jobID string, n int64, files []benchFile) (answer, error) {
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
		pw.CloseWithError(writeApplication(mw, req, files))
	}()
	hr, err := http.NewRequest(http.MethodPost, origin+"/api/jobs/"+jobID+"/applications", pr)
	if err != nil {
		return answer{}, err
	}
	hr.Header.Set("Content-Type", mw.FormDataContentType())
	hr.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255))
	res, err := client.Do(hr)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	a := answer{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After")}
	if res.StatusCode != http.StatusCreated {
		var body wire.ErrorBody
		if json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&body) == nil {
			a.message = body.Error.Message
			// A refused document's own words, when there are some.
			if keys := slices.Sorted(maps.Keys(body.Error.Fields)); len(keys) > 0 {
				a.message = body.Error.Fields[keys[0]]
			}
		}
	}
	_, _ = io.Copy(io.Discard, res.Body)
	return a, nil
}

func writeApplication(mw *multipart.Writer, req wire.ApplicationRequest, files []benchFile) error {
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
	for _, f := range files {
		w, err := mw.CreateFormFile(f.part, f.name)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, f.content()); err != nil {
			return err
		}
	}
	return mw.Close()
}

// pdfOfSize returns a reader of a well-formed one-page PDF of exactly
// size bytes (at least 1 KB): a header, comment lines of padding, then
// the objects and a cross-reference table whose offsets count the
// padding, generated as it is read.
func pdfOfSize(size int64) io.Reader {
	head := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	pad := max(size-int64(len(head))-int64(len(pdfBody(0))), 1)
	line := []byte("% padding of a generated benchmark document\n")
	return io.MultiReader(bytes.NewReader(head), io.LimitReader(repeatReader(line), pad-1),
		strings.NewReader("\n"), bytes.NewReader(pdfBody(int64(len(head))+pad)))
}

// pdfBody is a PDF's objects, cross-reference table and trailer when
// they start at offset base. Offsets are written with a fixed width, so
// its length does not depend on base.
func pdfBody(base int64) []byte {
	var b bytes.Buffer
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		"<< /Length 41 >>\nstream\nBT /F1 24 Tf 72 700 Td (Curriculum) Tj ET\nendstream",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	offsets := make([]int64, len(objs))
	for i, o := range objs {
		offsets[i] = base + int64(b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := base + int64(b.Len())
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%010d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
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

// rssBytes is this process's resident set size (Linux), or 0.
func rssBytes() int64 { return rssOf("self") }

// rssOf is the resident set size of process pid ("self": this one) on
// Linux, or 0.
func rssOf(pid string) int64 {
	f, err := os.Open("/proc/" + pid + "/status")
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
