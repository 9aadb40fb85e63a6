// Package docfile checks the documents an applicant uploads (a resume, an
// ID document, certification documents) before they are stored.
//
// Check spools one multipart file part to a temp file, never reading more
// than the kind's limit plus one byte, and accepts it only when the file
// name is harmless, its extension is allowed for the kind and the content
// really is of the type the extension names: a PDF with a cross-reference
// structure and no scripts, launch actions, embedded files, rich media,
// XFA forms or hidden web page (pdf.go); an OLE Word document without
// macros; a DOCX that is not a zip bomb and has no macros, no program
// anywhere in it, no external relationship but hyperlinks and no
// relationship to anything but Office parts (docx.go); or a JPEG/PNG
// image within pixel bounds, not a decompression bomb, decoded within a
// memory budget shared by all decodes (image.go, decodecost.go,
// budget.go). Images are decoded and re-encoded, which drops EXIF (GPS
// position, camera serial numbers) and every other piece of metadata,
// and neutralises payloads hidden in ancillary chunks.
//
// Refusals are *domain.Error values of kind EInvalid whose message names
// the document and tells the visitor what to do; an image that finds no
// room in the decode budget in time is a *domain.Refused of kind EBusy
// (try again later). On refusal nothing the call wrote is left in the
// temp folder.
//
// The package depends on the standard library and the domain only.
package docfile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// Kind is what an uploaded document is for; it decides the allowed
// extensions, the size limit and how messages name the document.
type Kind int

// The kinds of document of an application.
const (
	Resume Kind = iota
	IDDocument
	Certification
	// CoverImage is a blog post's cover picture, uploaded by staff: a
	// JPEG, PNG or WebP image only.
	CoverImage
	// ProfilePhoto is a member of staff's photo for their public profile,
	// uploaded by them: as a cover image.
	ProfilePhoto
	// PostImage is a picture for the text of a blog post, uploaded by
	// staff: as a cover image.
	PostImage
)

// CoverImageMaxBytes is the largest cover image Check accepts.
const CoverImageMaxBytes = 10 << 20

// imageExts are the extensions of the staff's image uploads (covers,
// photos, pictures in posts' text); applicants' scans are JPEG or PNG.
var imageExts = []string{".jpg", ".jpeg", ".png", ".webp"}

// imageExpected is what messages say staff's image uploads may be.
const imageExpected = "a JPEG, PNG or WebP image (.jpg, .jpeg, .png, .webp)"

// kindInfo is what Check needs to know about a kind.
type kindInfo struct {
	label    string   // how messages name the document: "The resume ..."
	exts     []string // allowed extensions, lower case with the dot
	allowed  string   // the allowed types in words, for the extension message
	maxBytes int64
	scan     bool // a photo or scan of a paper (ID, certificate): MaxScanPixels
}

func (k Kind) info() (kindInfo, bool) {
	switch k {
	case Resume:
		return kindInfo{"resume", domain.ResumeExtensions,
			"a PDF or Word document (.pdf, .doc, .docx)", domain.ResumeMaxBytes, false}, true
	case IDDocument:
		return kindInfo{"ID document", domain.IDDocumentExtensions,
			"a PDF or an image (.pdf, .jpg, .jpeg, .png)", domain.DocumentMaxBytes, true}, true
	case Certification:
		return kindInfo{"certification document", domain.CertificationExtensions,
			"a PDF or an image (.pdf, .jpg, .jpeg, .png)", domain.DocumentMaxBytes, true}, true
	case CoverImage:
		return kindInfo{"cover image", imageExts,
			imageExpected, CoverImageMaxBytes, false}, true
	case ProfilePhoto:
		return kindInfo{"photo", imageExts,
			imageExpected, CoverImageMaxBytes, false}, true
	case PostImage:
		return kindInfo{"image", imageExts,
			imageExpected, CoverImageMaxBytes, false}, true
	}
	return kindInfo{}, false
}

// String names the kind as messages do ("resume", "ID document",
// "certification document").
func (k Kind) String() string {
	if ki, ok := k.info(); ok {
		return ki.label
	}
	return fmt.Sprintf("docfile.Kind(%d)", int(k))
}

// MaxBytes is the largest document of kind k that Check accepts.
func (k Kind) MaxBytes() int64 {
	ki, _ := k.info()
	return ki.maxBytes
}

// MaxNameBytes is the longest file name, in bytes, that Check accepts: the
// limit of common file systems.
const MaxNameBytes = 255

// Content types of the accepted documents, by canonical extension.
const (
	TypePDF  = "application/pdf"
	TypeDOC  = "application/msword"
	TypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
)

// format describes one accepted file type.
type format struct {
	ext         string // canonical extension
	contentType string
	name        string // in messages: "does not look like a PDF"
	given       string // the extension as the file name has it, lower case
}

var formats = map[string]format{
	".pdf":  {ext: ".pdf", contentType: TypePDF, name: "a PDF"},
	".doc":  {ext: ".doc", contentType: TypeDOC, name: "a Word document"},
	".docx": {ext: ".docx", contentType: TypeDOCX, name: "a Word document"},
	".jpg":  {ext: ".jpg", contentType: TypeJPEG, name: "a JPEG image"},
	".jpeg": {ext: ".jpg", contentType: TypeJPEG, name: "a JPEG image"},
	".png":  {ext: ".png", contentType: TypePNG, name: "a PNG image"},
	".webp": {ext: ".webp", contentType: TypeWebP, name: "a WebP image"},
}

// Checked is an accepted document, held in a temp file until stored. The
// caller stores it (Open) and then calls Remove, also when storing fails.
type Checked struct {
	Ext         string // canonical extension with dot, lower case: ".pdf", ".doc", ".docx", ".jpg", ".png" (a WebP is written again as one of these)
	ContentType string // application/pdf, application/msword, ...wordprocessingml.document, image/jpeg, image/png
	Size        int64  // bytes of the content to store (after re-encoding)

	path string // the temp file with the content to store
}

// Open returns the content to store; the caller closes it.
func (c *Checked) Open() (io.ReadCloser, error) {
	f, err := os.Open(c.path)
	if err != nil {
		return nil, fmt.Errorf("docfile: open checked document: %w", err)
	}
	return f, nil
}

// Remove deletes the temp file. It is safe to call twice.
func (c *Checked) Remove() error {
	if err := os.Remove(c.path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("docfile: remove checked document: %w", err)
	}
	return nil
}

// Check reads r (one multipart file part) to its end or to the kind's size
// limit + 1 byte, spooling to a temp file in tmpDir ("" = the system's),
// and accepts it only when the file name's extension is allowed for the
// kind and the content is of that type. What it does not read of r is left
// for the caller to discard.
//
// Refusals are *domain.Error with Code domain.EInvalid and a message a
// visitor can act on; an image the server has no room to decode now is a
// *domain.Refused of Code domain.EBusy with the time to wait (BusyRetry). A failing r gives EInvalid too, wrapping the read
// error (errors.As still finds e.g. an *http.MaxBytesError); a cancelled
// ctx gives ctx.Err(); a failing temp folder gives a plain (internal)
// error. In every case but acceptance nothing is left in tmpDir.
func Check(ctx context.Context, kind Kind, filename string, r io.Reader, tmpDir string) (*Checked, error) {
	ki, ok := kind.info()
	if !ok {
		return nil, fmt.Errorf("docfile.Check: unknown kind %d", int(kind))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	fmtInfo, err := checkName(ki, filename)
	if err != nil {
		return nil, err
	}
	f, size, err := spool(ctx, ki, r, tmpDir)
	if err != nil {
		return nil, err
	}
	// From here on the spool file is ours to remove on every refusal.
	c, err := checkContent(ctx, ki, fmtInfo, f, size, tmpDir)
	closeErr := f.Close()
	if err == nil && c.path != f.Name() {
		// Images: the re-encoded copy is what gets stored.
		os.Remove(f.Name())
	}
	if err != nil {
		os.Remove(f.Name())
		return nil, err
	}
	if closeErr != nil {
		c.Remove()
		os.Remove(f.Name())
		return nil, fmt.Errorf("docfile: close spool file: %w", closeErr)
	}
	return c, nil
}

// invalid returns a visitor-facing refusal.
func invalid(format string, args ...any) *domain.Error {
	return domain.Errorf(domain.EInvalid, format, args...)
}

// orPDF returns withPDF when the kind accepts a PDF instead of an image,
// else the optional alternative (or "").
func (ki kindInfo) orPDF(withPDF string, without ...string) string {
	if slices.Contains(ki.exts, ".pdf") {
		return withPDF
	}
	if len(without) > 0 {
		return without[0]
	}
	return ""
}

// the returns "The resume": the document, to start a sentence with.
func (ki kindInfo) the() string { return "The " + ki.label }

// checkName checks filename and returns the format its extension names.
func checkName(ki kindInfo, name string) (format, error) {
	the := ki.the()
	switch {
	case name == "":
		return format{}, invalid("%s has no file name. Please choose the file again.", the)
	case len(name) > MaxNameBytes:
		return format{}, invalid("%s's file name is too long. Please rename the file to something shorter and try again.", the)
	case !utf8.ValidString(name):
		return format{}, invalid("%s's file name is not valid text. Please rename the file and try again.", the)
	case strings.ContainsFunc(name, unicode.IsControl):
		return format{}, invalid("%s's file name contains control characters. Please rename the file and try again.", the)
	case strings.ContainsFunc(name, isInvisible):
		// "cv\u202Efdp.exe" shows as "cvexe.pdf": a name must read as it is.
		return format{}, invalid("%s's file name contains invisible or text-direction characters. Please rename the file and try again.", the)
	case strings.ContainsAny(name, `/\`):
		return format{}, invalid("%s's file name must not contain / or \\. Please rename the file and try again.", the)
	}
	ext := ""
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		ext = strings.ToLower(name[i:])
	}
	if !slices.Contains(ki.exts, ext) {
		return format{}, invalid("%s must be %s.", the, ki.allowed)
	}
	f, ok := formats[ext]
	if !ok {
		// The domain allows an extension this package cannot check.
		return format{}, fmt.Errorf("docfile: no content check for extension %q", ext)
	}
	f.given = ext
	return f, nil
}

// isInvisible reports format characters (Cf: bidi overrides and
// isolates, zero-width spaces, soft hyphen, byte order mark) and line or
// paragraph separators, none of which belongs in a file name. The zero-
// width joiner and non-joiner are Cf too, but Hindi, Malayalam, Bengali
// and Persian spelling and emoji sequences need them, and they change
// neither the order nor the ending of a name.
func isInvisible(r rune) bool {
	if r == '\u200C' || r == '\u200D' {
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// spool copies r into a new temp file, at most ki.maxBytes+1 bytes, and
// returns it open, with its size. On error the file is already removed.
func spool(ctx context.Context, ki kindInfo, r io.Reader, tmpDir string) (*os.File, int64, error) {
	f, err := os.CreateTemp(tmpDir, "docfile-*.upload")
	if err != nil {
		return nil, 0, fmt.Errorf("docfile: create spool file: %w", err)
	}
	fail := func(err error) (*os.File, int64, error) {
		f.Close()
		os.Remove(f.Name())
		return nil, 0, err
	}
	var (
		buf  = make([]byte, 64<<10)
		size int64
		lr   = io.LimitReader(r, ki.maxBytes+1)
	)
	for {
		// Checked between reads: a cancelled request stops the copy after
		// at most one more buffer.
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		n, rerr := lr.Read(buf)
		if n > 0 {
			if _, werr := f.Write(buf[:n]); werr != nil {
				return fail(fmt.Errorf("docfile: write spool file: %w", werr))
			}
			size += int64(n)
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				return fail(ctxErr)
			}
			e := invalid("The upload of the %s was interrupted. Please try again.", ki.label)
			e.Err = rerr
			return fail(e)
		}
	}
	switch {
	case size == 0:
		return fail(invalid("%s is empty. Please choose the file again.", ki.the()))
	case size > ki.maxBytes:
		return fail(invalid("%s is larger than %d MB. Please upload a smaller file.", ki.the(), ki.maxBytes>>20))
	}
	return f, size, nil
}

// headLen is how much of the file's start the sniffers look at.
const headLen = 1024

// checkContent checks that the spooled file is of format ft and returns
// the Checked document (the spool file itself, or a re-encoded image).
func checkContent(ctx context.Context, ki kindInfo, ft format, f *os.File, size int64, tmpDir string) (*Checked, error) {
	head := make([]byte, min(size, headLen))
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil, fmt.Errorf("docfile: read spool file: %w", err)
	}
	if what := activeContent(head); what != "" {
		return nil, invalid("%s looks like %s, not %s, although its name ends in %s. Please upload the real document.",
			ki.the(), what, ft.name, ft.given)
	}
	var err error
	switch ft.ext {
	case ".pdf":
		err = checkPDF(ki, ft, f, size, head)
	case ".doc":
		err = checkDOC(ki, ft, f, size, head)
	case ".docx":
		err = checkDOCX(ki, ft, f, size, head)
	case ".jpg", ".png", ".webp":
		return reencodeImage(ctx, ki, ft, f, size, head, tmpDir)
	}
	if err != nil {
		return nil, err
	}
	return &Checked{Ext: ft.ext, ContentType: ft.contentType, Size: size, path: f.Name()}, nil
}

// mismatch is the refusal of content that is not of the type its name says.
func mismatch(ki kindInfo, ft format) *domain.Error {
	return invalid("%s does not look like %s, although its name ends in %s. Please check that you chose the right file.",
		ki.the(), ft.name, ft.given)
}

// activeContent recognises, at the start of a file, content that can run
// or render: programs, scripts, web pages and SVG. None of the accepted
// formats starts like that, so a match is always a refusal, and naming
// what was found tells an honest visitor which file they picked.
func activeContent(head []byte) string {
	b := bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF"))
	switch {
	case bytes.HasPrefix(b, []byte("MZ")):
		return "a Windows program"
	case bytes.HasPrefix(b, []byte("\x7FELF")):
		return "a program"
	case bytes.HasPrefix(b, []byte{0xCF, 0xFA, 0xED, 0xFE}), bytes.HasPrefix(b, []byte{0xCE, 0xFA, 0xED, 0xFE}),
		bytes.HasPrefix(b, []byte{0xCA, 0xFE, 0xBA, 0xBE}), bytes.HasPrefix(b, []byte{0xFE, 0xED, 0xFA}):
		return "a program"
	case bytes.HasPrefix(b, []byte("#!")):
		return "a script"
	}
	b = bytes.TrimLeft(b, " \t\r\n\f")
	if len(b) == 0 || b[0] != '<' {
		return ""
	}
	lower := bytes.ToLower(b)
	if bytes.HasPrefix(lower, []byte("<?php")) {
		return "a script"
	}
	if bytes.Contains(lower, []byte("<svg")) {
		return "an SVG image"
	}
	if bytes.HasPrefix(lower, []byte("<?xml")) {
		return "an XML file"
	}
	return "a web page (HTML)"
}
