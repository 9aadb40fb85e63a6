package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"corpsite/internal/domain"
)

// Images through the application endpoint of the site's binary, as an
// applicant's documents: the 16-bit 5600 × 5600 PNG of about 244 KB (a
// decompression bomb: 251 MB once decoded) as a certificate, once and
// eight at once; a 24-megapixel scan (the largest an ID document or a
// certificate may be), once and eight at once; and beside each group of
// eight a real applicant's small photo, sent photoDelay after them. For
// each: the answers, the time, the growth of the site's resident memory
// at its peak (sampled every 5 ms) and after the answers (is the memory
// given back?). Figures only, never a verdict.
const (
	photoDelay = 100 * time.Millisecond
	// settleTimes are when, after the last answer, the memory is read
	// again.
	settleShort = 1 * time.Second
	settleLong  = 5 * time.Second
)

// benchImageUploads runs the section against the site s and its job jobID.
func benchImageUploads(s *siteProcess, jobID string) error {
	bomb, err := png16Bomb(5600, 5600)
	if err != nil {
		return err
	}
	scan, err := scanJPEG(6000, 4000)
	if err != nil {
		return err
	}
	photo, err := scanJPEG(1200, 1600)
	if err != nil {
		return err
	}
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 16}}
	var seq atomic.Int64
	seq.Store(1 << 16) // client addresses 10.1.x.x
	// withCert is an application with img as its certificate; photoApp a
	// real applicant's, with a photo of an ID document.
	withCert := func(img []byte, name string) func() answer {
		return func() answer {
			return apply(client, s.origin, jobID, seq.Add(1), []benchFile{
				{domain.ResumePart, "resume.pdf", pdfFile(120 << 10)},
				{domain.IDDocumentPart, "id.pdf", pdfFile(60 << 10)},
				{domain.CertificationPartPrefix + "0", name, bytesFile(img)},
			})
		}
	}
	photoApp := func() answer {
		return apply(client, s.origin, jobID, seq.Add(1), []benchFile{
			{domain.ResumePart, "resume.pdf", pdfFile(120 << 10)},
			{domain.IDDocumentPart, "id-card.jpg", bytesFile(photo)},
			{domain.CertificationPartPrefix + "0", "certificate.pdf", pdfFile(60 << 10)},
		})
	}
	// A first application, so that what the first one costs any server
	// is not counted.
	if a := photoApp(); a.status != http.StatusCreated {
		return fmt.Errorf("a first application with a small photo: %s", a)
	}

	fmt.Println("\nImages as an applicant's documents, through the site's binary (its own process, at rest before each run):")
	cases := []struct {
		what string
		app  func() answer
	}{
		{fmt.Sprintf("16-bit 5600 × 5600 PNG (%d KB) as a certificate", len(bomb)>>10), withCert(bomb, "certificate.png")},
		{fmt.Sprintf("24 MP 8-bit scan (6000 × 4000 JPEG, %d KB) as a certificate", len(scan)>>10), withCert(scan, "certificate.jpg")},
	}
	for _, c := range cases {
		var one answer
		m := s.measure(func() { one = c.app() })
		fmt.Printf("  %s: %s in %s; %s\n", c.what, one, m.took.Round(time.Millisecond), m)

		answers := make([]string, 8)
		var photoAnswer answer
		var photoTook time.Duration
		m = s.measure(func() {
			var wg sync.WaitGroup
			for i := range answers {
				wg.Go(func() { answers[i] = c.app().String() })
			}
			wg.Go(func() {
				time.Sleep(photoDelay)
				t0 := time.Now()
				photoAnswer = photoApp()
				photoTook = time.Since(t0)
			})
			wg.Wait()
		})
		fmt.Printf("    eight at once: %s; all answered in %s; %s\n", summarize(answers), m.took.Round(time.Millisecond), m)
		fmt.Printf("    a small photo (1200 × 1600 JPEG, %d KB, as an ID document) sent %s after them: %s in %s\n",
			len(photo)>>10, photoDelay, photoAnswer, photoTook.Round(time.Millisecond))
	}
	return nil
}

// apply sends an application and tells a failure to send it as a status
// of 0.
func apply(client *http.Client, origin, jobID string, n int64, files []benchFile) answer {
	a, err := postApplicationFiles(client, origin, jobID, n, files)
	if err != nil {
		return answer{message: err.Error()}
	}
	return a
}

// memFigures are the site's resident memory around a run: before it,
// at its peak, and settleShort and settleLong after its end.
type memFigures struct {
	took                        time.Duration
	before, peak, short, settle int64
}

// String: "resident memory 60 MB before, +N MB at its peak, +N MB 1s
// after, +N MB 5s after".
func (m memFigures) String() string {
	mb := func(n int64) string { return fmt.Sprintf("%+d MB", (n-m.before)>>20) }
	return fmt.Sprintf("resident memory %d MB before, %s at its peak, %s %s after, %s %s after",
		m.before>>20, mb(m.peak), mb(m.short), settleShort, mb(m.settle), settleLong)
}

// measure waits for the site to be at rest, runs fn while sampling the
// site's resident memory every 5 ms, then reads it settleShort and
// settleLong after fn returned.
func (s *siteProcess) measure(fn func()) memFigures {
	s.quiet()
	m := memFigures{before: s.rss()}
	peak := watchPeak(s.rss, m.before)
	t0 := time.Now()
	fn()
	m.took = time.Since(t0)
	end := time.Now()
	time.Sleep(settleShort)
	m.short = s.rss()
	time.Sleep(time.Until(end.Add(settleLong)))
	m.settle = s.rss()
	m.peak = max(peak(), m.short, m.settle)
	return m
}

// scanJPEG is a w × h colour JPEG that looks like a scanned page: paper
// shading and lines of dark words. At 24 megapixels it weighs about
// 1.5 MB, as a phone's or a scanner's would: its pixels weigh about 65
// times its bytes, an ordinary ratio, not a decompression bomb's.
func scanJPEG(w, h int) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			v := uint8(236 + (x+y)*12/(w+h))
			img.SetRGBA(x, y, color.RGBA{v, v, v - 6, 255})
		}
	}
	// Words of pseudo-random lengths, a line every 64 pixels.
	state := uint32(1)
	next := func(n int) int {
		state = state*1664525 + 1013904223
		return int(state>>8) % n
	}
	ink := color.RGBA{30, 30, 60, 255}
	for y := h / 20; y+26 < h-h/20; y += 64 {
		for x := w / 12; x < w-w/12; {
			word := 20 + next(120)
			for yy := y; yy < y+26; yy++ {
				for xx := x; xx < min(x+word, w); xx++ {
					img.SetRGBA(xx, yy, ink)
				}
			}
			x += word + 18
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
