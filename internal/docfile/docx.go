package docfile

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds of a DOCX (a zip archive). Word's own documents are far inside
// them: a long CV with photos has a few dozen entries and some MB.
const (
	// MaxZipEntries is the most entries a DOCX may have.
	MaxZipEntries = 1000
	// MaxZipTotal is the most bytes all entries of a DOCX may expand to.
	MaxZipTotal = 100 << 20
	// MaxZipRatio is the highest expansion ratio of an entry that expands
	// to more than zipRatioFloor bytes. Word's XML compresses about 10:1.
	MaxZipRatio = 100
	// zipRatioFloor: small entries may compress better than MaxZipRatio
	// (a run of spaces does), and MaxZipTotal bounds them anyway.
	zipRatioFloor = 1 << 20
	// maxKeptXML bounds [Content_Types].xml and each relationships part,
	// which are read in memory; Word's are a few KB.
	maxKeptXML = 1 << 20
	// maxKeptEmbedding bounds an embedded object read in memory.
	maxKeptEmbedding = 16 << 20
)

// The content types and names that mark a macro-enabled document.
var docxMacroMarkers = []string{"macroenabled", "vbaproject", "vbadata"}

// macroExtensions are the macro-enabled Office formats, which a DOCX
// may embed as parts.
var macroExtensions = map[string]bool{
	".docm": true, ".dotm": true, ".xlsm": true, ".xltm": true, ".xlam": true,
	".pptm": true, ".potm": true, ".ppsm": true, ".ppam": true, ".sldm": true,
}

// checkDOCX accepts a zip archive that is a Word document: it holds
// [Content_Types].xml and word/document.xml, has no macros, no unsafe or
// duplicate entry names, no encrypted entries, and expands within the
// bounds above, measured by really expanding every entry.
func checkDOCX(ki kindInfo, ft format, f *os.File, size int64, head []byte) error {
	broken := func(why string) error {
		return invalid("%s is not a valid Word document (%s). Please save it again from Word as .docx, or as PDF.", ki.the(), why)
	}
	if bytes.HasPrefix(head, oleSignature) {
		// Word saves a password-protected .docx as a compound file.
		return invalid("%s is protected by a password, or is an old Word document named .docx. Please remove the password, or save it as .docx or PDF, and upload it again.", ki.the())
	}
	// A zip read from its end may carry anything before it; a DOCX starts
	// with its first entry.
	if !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return mismatch(ki, ft)
	}
	// Count entries before archive/zip reads the whole directory into
	// memory: 10 MB of tiny entries would be 200,000 of them.
	if n, why := zipDirectory(f, size); why != "" {
		return broken(why)
	} else if n > MaxZipEntries {
		return broken(fmt.Sprintf("it has more than %d parts", MaxZipEntries))
	}
	zr, err := zip.NewReader(f, size)
	// ErrInsecurePath comes with a usable reader; the name checks below
	// refuse such names with a clearer reason.
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return broken("it cannot be opened as a zip archive")
	}
	if len(zr.File) > MaxZipEntries {
		return broken(fmt.Sprintf("it has more than %d parts", MaxZipEntries))
	}

	seen := make(map[string]bool, len(zr.File))
	var contentTypes, document *zip.File
	for _, zf := range zr.File {
		if why := zipNameProblem(zf.Name); why != "" {
			return broken(why)
		}
		// Part names are case-insensitive (ECMA-376 Part 2).
		key := strings.ToLower(zf.Name)
		if seen[key] {
			return broken("a part appears twice: " + quoteName(zf.Name))
		}
		seen[key] = true
		if zf.Flags&0x1 != 0 {
			return encryptedRefusal(ki)
		}
		if zf.Method != zip.Store && zf.Method != zip.Deflate {
			return broken("a part uses an unknown compression method")
		}
		if base := path.Base(key); base == "vbaproject.bin" || base == "vbadata.xml" || macroExtensions[path.Ext(key)] {
			return macroRefusal(ki)
		}
		if programExtensions[path.Ext(key)] {
			return programRefusal(ki)
		}
		switch key {
		case "[content_types].xml":
			contentTypes = zf
		case "word/document.xml":
			document = zf
		}
	}
	if contentTypes == nil || document == nil {
		return mismatch(ki, ft)
	}

	// Expand every entry, counting the bytes that really come out: the
	// sizes in the headers are the zip bomb's to choose. The parts that
	// can make Word run or fetch something are kept and read.
	var total int64
	for _, zf := range zr.File {
		// Folder entries too: archive/zip fails one that carries data.
		key := strings.ToLower(zf.Name)
		keepMax := 0
		switch {
		case zf == contentTypes, path.Ext(key) == ".rels":
			keepMax = maxKeptXML
		case strings.HasPrefix(key, "word/embeddings/") && path.Ext(key) == ".bin":
			keepMax = maxKeptEmbedding
		}
		n, content, prefix, why := expandEntry(zf, MaxZipTotal-total, keepMax)
		switch why {
		case "":
		case "total":
			return broken(fmt.Sprintf("it expands to more than %d MB", MaxZipTotal>>20))
		case "ratio":
			return broken(fmt.Sprintf("a part is compressed more than %d times, like a zip bomb", MaxZipRatio))
		case "kept":
			return broken("a part is too large to check: " + quoteName(zf.Name))
		default:
			return broken(why)
		}
		total += n
		if isProgram(prefix) {
			return programRefusal(ki)
		}
		switch {
		case zf == contentTypes:
			ct := strings.ToLower(string(content))
			for _, m := range docxMacroMarkers {
				if strings.Contains(ct, m) {
					return macroRefusal(ki)
				}
			}
		case keepMax == maxKeptXML:
			switch problem, target := checkRelationships(zf.Name, content); problem {
			case relDamaged:
				return broken("a list of relationships is damaged: " + quoteName(zf.Name))
			case relFetches:
				return invalid("%s is a Word document that fetches a template, a picture or an object from the internet or a network share when it is opened, which we cannot accept. Please save it as PDF and upload it again.", ki.the())
			case relNotOffice:
				return invalid("%s is a Word document that links to a file that is not part of a Word document (%s), which we cannot accept. Please remove the object or link, or save the document as PDF, and upload it again.",
					ki.the(), quoteName(target))
			}
		case keepMax == maxKeptEmbedding:
			if err := checkEmbedded(ki, content); err != nil {
				return err
			}
		}
	}
	return nil
}

// relProblem is what is wrong with a relationships part.
type relProblem int

const (
	relOK        relProblem = iota
	relDamaged              // not XML of relationships
	relFetches              // an external relationship Word follows when it opens the document
	relNotOffice            // a relationship to a part that is not of an Office document
)

// officePartExtensions are the extensions of the parts a relationship of
// a Word document may point to: XML parts, embedded objects (.bin),
// pictures, fonts, media, embedded Office documents, and the imported
// chunks (HTML, RTF, text) of altChunk.
var officePartExtensions = map[string]bool{
	".xml": true, ".rels": true, ".bin": true, ".vml": true,
	".png": true, ".jpg": true, ".jpeg": true, ".jpe": true, ".jfif": true, ".gif": true, ".bmp": true, ".dib": true,
	".tif": true, ".tiff": true, ".emf": true, ".wmf": true, ".emz": true, ".wmz": true, ".svg": true, ".ico": true,
	".wdp": true, ".jxr": true, ".hdp": true, ".webp": true,
	".odttf": true, ".fntdata": true, ".ttf": true, ".otf": true,
	".mp4": true, ".m4v": true, ".mov": true, ".wmv": true, ".avi": true, ".mpg": true, ".mpeg": true,
	".mp3": true, ".m4a": true, ".wav": true, ".wma": true, ".glb": true,
	".htm": true, ".html": true, ".mht": true, ".mhtml": true, ".rtf": true, ".txt": true,
	".docx": true, ".doc": true, ".dotx": true, ".xlsx": true, ".xls": true, ".xlsb": true,
	".pptx": true, ".ppt": true, ".sldx": true, ".vsdx": true, ".vsd": true,
}

// embeddedObjectExtensions are what an oleObject or package relationship
// may point to: an OLE object (.bin) or an Office document.
var embeddedObjectExtensions = map[string]bool{
	".bin": true, ".docx": true, ".doc": true, ".xlsx": true, ".xls": true, ".xlsb": true,
	".pptx": true, ".ppt": true, ".sldx": true, ".vsdx": true, ".vsd": true,
}

// programExtensions name programs and scripts, which no Office part is.
var programExtensions = map[string]bool{
	".exe": true, ".dll": true, ".com": true, ".scr": true, ".pif": true, ".cpl": true, ".msi": true, ".msp": true,
	".bat": true, ".cmd": true, ".ps1": true, ".psm1": true, ".vbs": true, ".vbe": true, ".js": true, ".jse": true,
	".wsf": true, ".wsh": true, ".hta": true, ".lnk": true, ".jar": true, ".sh": true, ".app": true, ".reg": true,
	".inf": true, ".sys": true, ".so": true, ".dylib": true, ".elf": true, ".py": true,
}

// checkRelationships checks the relationships part named relsName. Every
// external relationship is refused but a hyperlink (followed only when
// clicked) and a template on the local disk (Word records the template a
// document was made from, "file:///C:/Users/…/Resume.dotx"; a remote one
// is the "template injection" attack). An internal relationship must
// point to an Office part (officePartExtensions; an object, to an OLE
// object or an Office document). target is the offending target.
func checkRelationships(relsName string, rels []byte) (problem relProblem, target string) {
	var doc struct {
		Rels []struct {
			Type       string `xml:"Type,attr"`
			Target     string `xml:"Target,attr"`
			TargetMode string `xml:"TargetMode,attr"`
		} `xml:"Relationship"`
	}
	if err := xml.Unmarshal(rels, &doc); err != nil {
		return relDamaged, ""
	}
	// "word/_rels/document.xml.rels" holds the relationships of
	// "word/document.xml": relative targets start from "word".
	dir := path.Dir(path.Dir(relsName))
	for _, r := range doc.Rels {
		typ := strings.ToLower(path.Base(r.Type))
		if strings.EqualFold(r.TargetMode, "External") {
			if typ == "hyperlink" || typ == "attachedtemplate" && isLocalPath(r.Target) {
				continue
			}
			return relFetches, r.Target
		}
		t := r.Target
		if i := strings.IndexByte(t, '#'); i >= 0 {
			t = t[:i]
		}
		if u, err := url.PathUnescape(t); err == nil {
			t = u
		}
		if strings.HasPrefix(t, "/") {
			t = path.Clean(t)[1:]
		} else {
			t = path.Join(dir, t)
		}
		ext := strings.ToLower(path.Ext(t))
		switch {
		case typ == "oleobject" || typ == "package":
			if !embeddedObjectExtensions[ext] {
				return relNotOffice, t
			}
		case ext != "" && !officePartExtensions[ext]:
			return relNotOffice, t
		}
	}
	return relOK, ""
}

// isLocalPath reports whether an external target is a path on a local
// drive ("C:\…", "file:///C:/…"), not on another machine.
func isLocalPath(target string) bool {
	t := target
	if len(t) >= 8 && strings.EqualFold(t[:8], "file:///") {
		t = t[8:]
	}
	return len(t) >= 3 && ('a' <= t[0]|0x20 && t[0]|0x20 <= 'z') && t[1] == ':' && (t[2] == '\\' || t[2] == '/')
}

// isProgram reports whether content starting with prefix is a program:
// a Windows (MZ), Linux (ELF) or macOS (Mach-O, either byte order, or
// universal) executable.
func isProgram(prefix []byte) bool {
	if bytes.HasPrefix(prefix, []byte("MZ")) || bytes.HasPrefix(prefix, []byte("\x7FELF")) {
		return true
	}
	if len(prefix) < 4 {
		return false
	}
	switch binary.BigEndian.Uint32(prefix) {
	case 0xFEEDFACE, 0xFEEDFACF, 0xCEFAEDFE, 0xCFFAEDFE, 0xCAFEBABE, 0xBEBAFECA:
		return true
	}
	return false
}

// programRefusal is the refusal of a Word document carrying a program.
func programRefusal(ki kindInfo) error {
	return invalid("%s is a Word document with a program or script inside it, which we cannot accept. Please remove the embedded object, or save the document as PDF, and upload it again.", ki.the())
}

// checkEmbedded refuses an object embedded in a DOCX that is a compound
// file holding macros, a packaged file (the "Ole10Native" stream in
// which Word embeds any file, programs included, to be run by a
// double-click) or a stream that starts as a program does. Other
// embedded objects, such as a spreadsheet, pass.
func checkEmbedded(ki kindInfo, data []byte) error {
	if !bytes.HasPrefix(data, oleSignature) || len(data) < 512 {
		return nil
	}
	entries, bad := readOLEDirectory(bytes.NewReader(data), int64(len(data)), data[:512])
	if bad != "" {
		return invalid("%s is not a valid Word document (an embedded object is damaged). Please save it again from Word as .docx, or as PDF.", ki.the())
	}
	for _, e := range entries {
		name := strings.ToUpper(e.name)
		switch {
		case oleMacroNames[name]:
			return macroRefusal(ki)
		case name == "\x01OLE10NATIVE":
			return invalid("%s is a Word document with an embedded file, which we cannot accept. Please remove the embedded file, or save the document as PDF, and upload it again.", ki.the())
		case e.typ == 2 && e.size >= 4096 && e.start <= oleMaxRegSect:
			// A stream in the file's own sectors (smaller ones live in the
			// mini stream): a program there is refused as in the zip.
			off := (int64(e.start) + 1) << binary.LittleEndian.Uint16(data[0x1E:])
			if off+8 <= int64(len(data)) && isProgram(data[off:off+8]) {
				return programRefusal(ki)
			}
		}
	}
	return nil
}

// expandEntry decompresses zf, at most budget bytes and at most
// MaxZipRatio times its compressed size once past zipRatioFloor, and
// returns how many bytes it expanded to, its first bytes (up to 8) and,
// if keepMax > 0, the content. why is "total" or "ratio" for an exceeded
// bound, "kept" for content over keepMax, another reason the entry is
// broken, or "" when it is fine.
func expandEntry(zf *zip.File, budget int64, keepMax int) (n int64, content, prefix []byte, why string) {
	rc, err := zf.Open()
	if err != nil {
		return 0, nil, nil, "a part cannot be opened"
	}
	defer rc.Close()
	limit := max(zipRatioFloor, int64(zf.CompressedSize64)*MaxZipRatio)
	// One byte over the smaller bound tells which one was exceeded.
	lr := io.LimitReader(rc, min(budget, limit)+1)
	head := &prefixWriter{}
	var w io.Writer = head
	var keep *boundedBuffer
	if keepMax > 0 {
		keep = &boundedBuffer{max: keepMax}
		w = io.MultiWriter(head, keep)
	}
	n, err = io.Copy(w, lr)
	switch {
	case errors.Is(err, errTooLong):
		return n, nil, head.b, "kept"
	case err != nil:
		// A CRC mismatch, a size that differs from the header, or bad
		// deflate data.
		return n, nil, head.b, "a part is damaged"
	case n > budget:
		return n, nil, head.b, "total"
	case n > limit:
		return n, nil, head.b, "ratio"
	}
	if keep != nil {
		content = keep.buf.Bytes()
	}
	return n, content, head.b, ""
}

// prefixWriter keeps the first 8 bytes written to it and discards the rest.
type prefixWriter struct{ b []byte }

func (p *prefixWriter) Write(b []byte) (int, error) {
	if len(p.b) < 8 {
		p.b = append(p.b, b[:min(len(b), 8-len(p.b))]...)
	}
	return len(b), nil
}

var errTooLong = errors.New("content too long")

// boundedBuffer keeps at most max bytes and fails beyond.
type boundedBuffer struct {
	buf bytes.Buffer
	max int
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	if b.buf.Len()+len(p) > b.max {
		return 0, errTooLong
	}
	return b.buf.Write(p)
}

// zipNameProblem returns why an entry name is unsafe to extract, or "".
// Nothing here extracts the archive, but staff tools might, and Word
// never writes such names.
func zipNameProblem(name string) string {
	switch {
	case name == "":
		return "a part has no name"
	case !utf8.ValidString(name):
		return "a part name is not valid text"
	case strings.ContainsFunc(name, unicode.IsControl):
		return "a part name contains control characters"
	case strings.Contains(name, `\`):
		return "a part name contains a backslash: " + quoteName(name)
	case strings.HasPrefix(name, "/"):
		return "a part name is an absolute path: " + quoteName(name)
	case len(name) >= 2 && name[1] == ':':
		return "a part name starts with a drive letter: " + quoteName(name)
	}
	for seg := range strings.SplitSeq(strings.TrimSuffix(name, "/"), "/") {
		if seg == ".." || seg == "." || seg == "" {
			return "a part name leaves its folder: " + quoteName(name)
		}
	}
	return ""
}

// quoteName quotes a part name for a message, shortened if long.
func quoteName(name string) string {
	if len(name) > 60 {
		name = strings.ToValidUTF8(name[:60], "") + "…"
	}
	return fmt.Sprintf("%q", name)
}

// maxZipDirectory bounds the central directory of a DOCX, in bytes. Word's
// hold a few dozen entries of a few dozen bytes; MaxZipEntries entries with
// long names fit too.
const maxZipDirectory = 1 << 20

// zipDirectory reads the end-of-central-directory record of the zip in f
// as archive/zip finds it and returns its entry count, or why the archive
// is refused. archive/zip reads directory entries until one fails to
// parse, whatever the record says (it checks the count modulo 65536
// only), so the count alone bounds nothing: 196,613 entries under a
// record claiming 5 would all be read. It starts reading at the directory
// size before the record, though, so bounding the size bounds what it
// reads. Zip64 records, which carry 64-bit sizes elsewhere, are refused:
// a DOCX never needs them.
func zipDirectory(f *os.File, size int64) (n int, why string) {
	const (
		eocdLen  = 22
		damaged  = "its table of contents is damaged"
		tooLarge = "its table of contents is too large"
		zip64    = "it uses the Zip64 format, which Word documents do not need"
	)
	// The block archive/zip searches: the record and a comment of up to
	// 64 KiB.
	tailLen := min(size, 65*1024)
	tail := make([]byte, tailLen)
	if _, err := f.ReadAt(tail, size-tailLen); err != nil {
		return 0, damaged
	}
	// The last signature whose comment fits in the file, as archive/zip
	// picks it: a record inside another's comment must not be the one
	// checked here and skipped there.
	at := -1
	for i := len(tail) - eocdLen; i >= 0; i-- {
		if string(tail[i:i+4]) == "PK\x05\x06" &&
			i+eocdLen+int(binary.LittleEndian.Uint16(tail[i+20:])) <= len(tail) {
			at = i
			break
		}
	}
	if at < 0 {
		return 0, damaged
	}
	rec := tail[at:]
	onDisk, total := binary.LittleEndian.Uint16(rec[8:]), binary.LittleEndian.Uint16(rec[10:])
	dirSize, dirOffset := binary.LittleEndian.Uint32(rec[12:]), binary.LittleEndian.Uint32(rec[16:])
	// archive/zip looks for Zip64 records on any of these markers
	// (0xFFFF for the size too).
	if onDisk == 0xFFFF || total == 0xFFFF || dirSize == 0xFFFF || dirSize == 0xFFFFFFFF || dirOffset == 0xFFFFFFFF {
		return 0, zip64
	}
	if dirSize > maxZipDirectory {
		return 0, tooLarge
	}
	return int(total), ""
}
