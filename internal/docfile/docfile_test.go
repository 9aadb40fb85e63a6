package docfile_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"corpsite/internal/docfile"
	"corpsite/internal/docfile/docfiletest"
	"corpsite/internal/domain"
)

// assertEmpty fails when dir holds any file.
func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("left behind in the temp folder: %s", e.Name())
	}
}

// stored returns the content Check accepted.
func stored(t *testing.T, c *docfile.Checked) []byte {
	t.Helper()
	rc, err := c.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(b)) != c.Size {
		t.Errorf("Size = %d, but Open gives %d bytes", c.Size, len(b))
	}
	return b
}

func TestGoodFiles(t *testing.T) {
	t.Parallel()
	type good struct {
		kind     docfile.Kind
		name     string
		data     []byte
		ext, typ string
		image    bool
	}
	cases := []good{
		{docfile.Resume, "CV.PDF", docfiletest.GoodPDF(), ".pdf", "application/pdf", false},
		{docfile.Resume, "Lebenslauf Müller (final).docx", docfiletest.GoodDOCX(), ".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", false},
		{docfile.Resume, "cv.doc", docfiletest.GoodDOC(), ".doc", "application/msword", false},
		// A CV links to LinkedIn, and may embed a spreadsheet.
		{docfile.Resume, "linked.docx", docfiletest.Zip(append(docfiletest.DOCXParts(),
			docfiletest.ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte(docfiletest.RelsWith(
				"http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink", "https://www.linkedin.com/in/someone", true))},
			docfiletest.ZipEntry{Name: "word/embeddings/oleObject1.bin", Data: docfiletest.OLE(docfiletest.OLEEntry{Name: "Workbook", Data: make([]byte, 4096)})},
		)...), ".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", false},
		// Made from a template on the author's disk; an embedded
		// spreadsheet through a package relationship.
		{docfile.Resume, "from template.docx", docfiletest.Zip(append(docfiletest.DOCXParts(),
			docfiletest.ZipEntry{Name: "word/_rels/settings.xml.rels", Data: []byte(docfiletest.RelsWith(
				"http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate",
				`file:///C:\Users\Priya\AppData\Roaming\Microsoft\Templates\Modern%20resume.dotx`, true))},
			docfiletest.ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte(docfiletest.RelsWith(
				"http://schemas.openxmlformats.org/officeDocument/2006/relationships/package", "embeddings/Microsoft_Excel_Worksheet.xlsx", false))},
			docfiletest.ZipEntry{Name: "word/embeddings/Microsoft_Excel_Worksheet.xlsx", Data: docfiletest.Zip(docfiletest.ZipEntry{Name: "xl/workbook.xml", Data: []byte("<workbook/>")})},
		)...), ".docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", false},
		{docfile.Resume, "cv.exe.pdf", docfiletest.GoodPDF(), ".pdf", "application/pdf", false},
		// The zero-width non-joiner and joiner are part of Indic spelling.
		{docfile.Resume, "मे\u200Cरा बायो\u200D.pdf", docfiletest.GoodPDF(), ".pdf", "application/pdf", false},
		{docfile.Resume, "रेज़्यूमे.pdf", docfiletest.GoodPDF(), ".pdf", "application/pdf", false},
		{docfile.IDDocument, "aadhaar.pdf", docfiletest.GoodPDF(), ".pdf", "application/pdf", false},
		{docfile.IDDocument, "aadhaar.jpg", docfiletest.GoodJPEG(), ".jpg", "image/jpeg", true},
		{docfile.IDDocument, "aadhaar.JPEG", docfiletest.GoodJPEG(), ".jpg", "image/jpeg", true},
		{docfile.IDDocument, "pan.png", docfiletest.GoodPNG(), ".png", "image/png", true},
		{docfile.Certification, "aws.png", docfiletest.GoodPNG(), ".png", "image/png", true},
		{docfile.Certification, "aws.jpeg", docfiletest.GoodJPEG(), ".jpg", "image/jpeg", true},
		{docfile.Certification, "aws.pdf", docfiletest.GoodPDF(), ".pdf", "application/pdf", false},
		// A PDF that opens at its first page (a GoTo /OpenAction, as Word
		// writes), whose page and XMP metadata speak of JavaScript in
		// plain text and whose keywords do in a string.
		{docfile.Resume, "web developer.pdf", goodPDFWithText(), ".pdf", "application/pdf", false},
		// Objects in a compressed object stream, found through a
		// cross-reference stream.
		{docfile.Resume, "cv15.pdf", docfiletest.PDFWithObjStm("", "<< /Dests << >> >>"), ".pdf", "application/pdf", false},
		// Encrypted for printing restrictions only, without object streams.
		{docfile.Certification, "locked.pdf", docfiletest.PDF("/Encrypt 6 0 R ", append(docfiletest.PDFObjects(),
			"<< /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -44 >>")...), ".pdf", "application/pdf", false},
		// Leading junk before %PDF- within the first 1024 bytes.
		{docfile.Certification, "old.pdf", append(bytes.Repeat([]byte{0}, 100), docfiletest.GoodPDF()...), ".pdf", "application/pdf", false},
	}
	for _, kind := range []docfile.Kind{docfile.Resume, docfile.IDDocument, docfile.Certification} {
		name, data := docfiletest.Good(kind)
		ext := strings.ToLower(name[strings.LastIndexByte(name, '.'):])
		cases = append(cases, good{kind, name, data, ext, map[string]string{".pdf": "application/pdf", ".jpg": "image/jpeg", ".png": "image/png"}[ext], ext != ".pdf"})
	}
	for _, tc := range cases {
		t.Run(tc.kind.String()+" "+tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			c, err := docfile.Check(context.Background(), tc.kind, tc.name, bytes.NewReader(tc.data), dir)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if c.Ext != tc.ext || c.ContentType != tc.typ {
				t.Errorf("Ext, ContentType = %q, %q; want %q, %q", c.Ext, c.ContentType, tc.ext, tc.typ)
			}
			got := stored(t, c)
			if tc.image {
				var cfg image.Config
				if tc.ext == ".png" {
					cfg, err = png.DecodeConfig(bytes.NewReader(got))
				} else {
					cfg, err = jpeg.DecodeConfig(bytes.NewReader(got))
				}
				if err != nil || cfg.Width != 64 || cfg.Height != 48 {
					t.Errorf("stored image: %dx%d, %v; want 64x48", cfg.Width, cfg.Height, err)
				}
			} else if !bytes.Equal(got, tc.data) {
				t.Errorf("stored content differs from the upload (%d bytes, want %d)", len(got), len(tc.data))
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("temp folder holds %d files while the document waits to be stored, want 1", len(ents))
			}
			if err := c.Remove(); err != nil {
				t.Fatal(err)
			}
			if err := c.Remove(); err != nil {
				t.Errorf("second Remove: %v", err)
			}
			assertEmpty(t, dir)
			if _, err := c.Open(); err == nil {
				t.Error("Open after Remove succeeded")
			}
		})
	}
}

// goodPDFWithText is a PDF whose text mentions, outside any dictionary,
// the names a PDF must not use: what a web developer's CV says.
func goodPDFWithText() []byte {
	objs := docfiletest.PDFObjects()
	objs[0] = "<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] /Metadata 6 0 R >>"
	objs[3] = docfiletest.PDFStream("", "BT /F1 12 Tf 72 700 Td (Skills: HTML/CSS/JavaScript, Java/JS, /Launch and /EmbeddedFiles) Tj ET")
	xmp := `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>` +
		`<rdf:Description dc:subject="Java/JavaScript /EmbeddedFiles /Launch developer"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
	objs = append(objs, docfiletest.PDFStream("/Type /Metadata /Subtype /XML", xmp),
		"<< /Title (Curriculum vitae) /Keywords (Java/JavaScript /JS /XFA) >>")
	return docfiletest.PDF("/Info 7 0 R ", objs...)
}

func TestBadFiles(t *testing.T) {
	t.Parallel()
	bad := docfiletest.BadFiles()
	if len(bad) < 30 {
		t.Fatalf("the corpus has %d files, want at least 30", len(bad))
	}
	for _, b := range bad {
		t.Run(b.Why, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			c, err := docfile.Check(context.Background(), b.Kind(), b.Name, bytes.NewReader(b.Data), dir)
			if err == nil {
				c.Remove()
				t.Fatalf("accepted %q as %s", b.Name, c.ContentType)
			}
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.EInvalid {
				t.Fatalf("error %v is not a domain.Error of kind invalid", err)
			}
			if de.Message != b.Message {
				t.Errorf("message\n got: %s\nwant: %s", de.Message, b.Message)
			}
			assertEmpty(t, dir)
		})
	}
}

// countingReader serves n bytes of a PDF-looking stream and counts what
// was read.
type countingReader struct {
	r    io.Reader
	read int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.read += int64(n)
	return n, err
}

func TestSizeLimits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		kind  docfile.Kind
		name  string
		limit int64
	}{
		{docfile.Resume, "cv.pdf", domain.ResumeMaxBytes},
		{docfile.IDDocument, "id.pdf", domain.DocumentMaxBytes},
		{docfile.Certification, "cert.pdf", domain.DocumentMaxBytes},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			if got := tc.kind.MaxBytes(); got != tc.limit {
				t.Errorf("MaxBytes = %d, want %d", got, tc.limit)
			}
			dir := t.TempDir()
			data := docfiletest.PDFOfSize(int(tc.limit))
			if len(data) != int(tc.limit) {
				t.Fatalf("PDFOfSize gave %d bytes", len(data))
			}
			c, err := docfile.Check(context.Background(), tc.kind, tc.name, bytes.NewReader(data), dir)
			if err != nil {
				t.Fatalf("a file of exactly the limit was refused: %v", err)
			}
			if c.Size != tc.limit {
				t.Errorf("Size = %d, want %d", c.Size, tc.limit)
			}
			c.Remove()

			// A long part is read to the limit + 1 byte and no further.
			cr := &countingReader{r: io.MultiReader(bytes.NewReader(data), bytes.NewReader(make([]byte, 1<<20)))}
			_, err = docfile.Check(context.Background(), tc.kind, tc.name, cr, dir)
			if domain.ErrorCode(err) != domain.EInvalid || !strings.Contains(err.Error(), "is larger than") {
				t.Errorf("oversize: got %v", err)
			}
			if cr.read != tc.limit+1 {
				t.Errorf("read %d bytes of an oversize part, want limit+1 = %d", cr.read, tc.limit+1)
			}
			assertEmpty(t, dir)
		})
	}
}

func TestEXIFAndGPSAreDropped(t *testing.T) {
	t.Parallel()
	data := docfiletest.JPEGWithEXIF(1)
	if !bytes.Contains(data, []byte("Exif")) || !bytes.Contains(data, []byte(docfiletest.GPSLatitudeMarker)) {
		t.Fatal("the test JPEG carries no EXIF")
	}
	dir := t.TempDir()
	c, err := docfile.Check(context.Background(), docfile.IDDocument, "photo.jpg", bytes.NewReader(data), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Remove()
	got := stored(t, c)
	for _, marker := range []string{"Exif", docfiletest.GPSLatitudeMarker} {
		if bytes.Contains(got, []byte(marker)) {
			t.Errorf("stored JPEG still contains %q", marker)
		}
	}
	img, err := jpeg.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatalf("stored JPEG does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 40 || b.Dy() != 20 {
		t.Errorf("stored JPEG is %v, want 40x20", b)
	}
}

// pngWithText returns GoodPNG with a tEXt chunk after its header.
func pngWithText(keyword, text string) []byte {
	p := docfiletest.GoodPNG()
	body := append([]byte("tEXt"+keyword+"\x00"), text...)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(body)-4))
	chunk = append(chunk, body...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
	const afterIHDR = 8 + 8 + 13 + 4
	out := append([]byte{}, p[:afterIHDR]...)
	out = append(out, chunk...)
	return append(out, p[afterIHDR:]...)
}

func TestPNGMetadataIsDropped(t *testing.T) {
	t.Parallel()
	const secret = "GPS 17.3850N 78.4867E <script>alert(1)</script>"
	data := pngWithText("Comment", secret)
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatalf("test PNG is broken: %v", err)
	}
	dir := t.TempDir()
	c, err := docfile.Check(context.Background(), docfile.Certification, "cert.png", bytes.NewReader(data), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Remove()
	if got := stored(t, c); bytes.Contains(got, []byte("tEXt")) || bytes.Contains(got, []byte(secret)) {
		t.Error("the stored PNG keeps its text chunk")
	}
}

// TestOrientation: the EXIF orientation is applied to the pixels, since
// the tag itself is dropped. The test picture is red on its left half and
// blue on its right.
func TestOrientation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		orientation int
		w, h        int
		redAt       image.Point // a point that must be red; the mirror point is blue
		blueAt      image.Point
	}{
		{1, 40, 20, image.Pt(5, 10), image.Pt(35, 10)},
		{2, 40, 20, image.Pt(35, 10), image.Pt(5, 10)}, // mirrored
		{3, 40, 20, image.Pt(35, 10), image.Pt(5, 10)}, // upside down
		{6, 20, 40, image.Pt(10, 5), image.Pt(10, 35)}, // turned clockwise: left edge on top
		{8, 20, 40, image.Pt(10, 35), image.Pt(10, 5)}, // turned anticlockwise
		{5, 20, 40, image.Pt(10, 5), image.Pt(10, 35)}, // transposed
		{7, 20, 40, image.Pt(10, 35), image.Pt(10, 5)}, // transversed
		{4, 40, 20, image.Pt(5, 10), image.Pt(35, 10)}, // flipped vertically
		{9, 40, 20, image.Pt(5, 10), image.Pt(35, 10)}, // invalid value: ignored
	} {
		dir := t.TempDir()
		c, err := docfile.Check(context.Background(), docfile.IDDocument, "id.jpg", bytes.NewReader(docfiletest.JPEGWithEXIF(tc.orientation)), dir)
		if err != nil {
			t.Fatal(err)
		}
		img, err := jpeg.Decode(bytes.NewReader(stored(t, c)))
		c.Remove()
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h {
			t.Errorf("orientation %d: stored %dx%d, want %dx%d", tc.orientation, b.Dx(), b.Dy(), tc.w, tc.h)
			continue
		}
		isRed := func(p image.Point) bool {
			r, _, b, _ := img.At(p.X, p.Y).RGBA()
			return r > 2*b
		}
		if !isRed(tc.redAt) || isRed(tc.blueAt) {
			t.Errorf("orientation %d: want red at %v and blue at %v", tc.orientation, tc.redAt, tc.blueAt)
		}
	}
}

// cancellingReader cancels its context after the first read.
type cancellingReader struct {
	cancel context.CancelFunc
	reads  int
}

func (c *cancellingReader) Read(p []byte) (int, error) {
	c.reads++
	c.cancel()
	copy(p, "%PDF-1.4\n")
	return len(p), nil
}

func TestContextCancellation(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	r := &cancellingReader{cancel: cancel}
	_, err := docfile.Check(ctx, docfile.Resume, "cv.pdf", r, dir)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if r.reads != 1 {
		t.Errorf("read %d times after cancellation, want 1", r.reads)
	}
	assertEmpty(t, dir)

	_, err = docfile.Check(ctx, docfile.Resume, "cv.pdf", bytes.NewReader(docfiletest.GoodPDF()), dir)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before the call: got %v", err)
	}
	assertEmpty(t, dir)
}

var errNetwork = errors.New("connection reset by peer")

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n > 0 {
		f.n = 0
		return copy(p, "%PDF-1.4\n"), nil
	}
	return 0, errNetwork
}

func TestReadError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	_, err := docfile.Check(context.Background(), docfile.Certification, "c.pdf", &failingReader{n: 1}, dir)
	if domain.ErrorCode(err) != domain.EInvalid || !errors.Is(err, errNetwork) {
		t.Fatalf("got %v, want EInvalid wrapping the read error", err)
	}
	if msg := domain.ErrorMessage(err); msg != "The upload of the certification document was interrupted. Please try again." {
		t.Errorf("message %q", msg)
	}
	assertEmpty(t, dir)
}

func TestTempFolderMissing(t *testing.T) {
	t.Parallel()
	_, err := docfile.Check(context.Background(), docfile.Resume, "cv.pdf", bytes.NewReader(docfiletest.GoodPDF()), t.TempDir()+"/missing")
	if err == nil || domain.ErrorCode(err) != domain.EInternal {
		t.Errorf("got %v, want an internal error", err)
	}
}

func TestUnknownKind(t *testing.T) {
	t.Parallel()
	_, err := docfile.Check(context.Background(), docfile.Kind(7), "cv.pdf", bytes.NewReader(docfiletest.GoodPDF()), t.TempDir())
	if err == nil || domain.ErrorCode(err) != domain.EInternal {
		t.Errorf("got %v, want an internal error", err)
	}
	if s := docfile.Kind(7).String(); s != "docfile.Kind(7)" {
		t.Errorf("String = %q", s)
	}
}

// TestImagesAcceptedAtTheBounds: exactly 12000 pixels wide and a 16-bit
// image pass the header check (the PNG below is small but its header is
// honest).
func TestImageAtSideLimit(t *testing.T) {
	t.Parallel()
	img := image.NewGray(image.Rect(0, 0, docfile.MaxImageSide, 2))
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c, err := docfile.Check(context.Background(), docfile.IDDocument, "wide.png", &b, dir)
	if err != nil {
		t.Fatalf("a %d-pixel-wide image was refused: %v", docfile.MaxImageSide, err)
	}
	c.Remove()
	assertEmpty(t, dir)
}

// TestPNGBombAnsweredQuickly: the 244 KB 16-bit PNG of 5600 × 5600
// pixels that once took 23 s and 679 MB to check is answered from its
// header: as a certificate or a cover image, it is beyond the 16
// megapixels that a 16-bit image may have (16 bytes a pixel: the pixels, and a colour boxed per
// pixel as image/png writes them).
func TestPNGBombAnsweredQuickly(t *testing.T) {
	t.Parallel()
	data := docfiletest.PNG16Zeros(5600, 5600)
	if len(data) > 300<<10 {
		t.Fatalf("the bomb takes %d bytes, want about 244 KB", len(data))
	}
	for _, tc := range []struct {
		kind docfile.Kind
		want string
	}{
		{docfile.Certification, "The certification document is too large an image (5600 × 5600 pixels). We accept at most 16 megapixels and 12000 pixels on a side: please upload a smaller photo or scan, or a PDF."},
		{docfile.CoverImage, "The cover image is too large an image (5600 × 5600 pixels). We accept at most 16 megapixels and 12000 pixels on a side: please upload a smaller photo or scan."},
	} {
		dir := t.TempDir()
		start := time.Now()
		_, err := docfile.Check(context.Background(), tc.kind, "bomb.png", bytes.NewReader(data), dir)
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%s: answered after %s, want under 3 s", tc.kind, took)
		}
		if domain.ErrorCode(err) != domain.EInvalid || domain.ErrorMessage(err) != tc.want {
			t.Errorf("%s: got %v\nwant %s", tc.kind, err, tc.want)
		}
		assertEmpty(t, dir)
	}
}
