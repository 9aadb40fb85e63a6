package docfile

import (
	"bytes"
	"fmt"
	"os"
)

// pdfTailLen is how close to the end "%%EOF" must be. Readers such as
// Acrobat look for it in the last 1024 bytes; a file without it there is
// cut short (an interrupted download) or not a PDF.
const pdfTailLen = 1024

// checkPDF accepts a file with a "%PDF-x." header in its first 1024 bytes
// (some producers put a few bytes before it; activeContent has already
// refused markup and programs there) and "%%EOF" in its last 1024 bytes.
func checkPDF(ki kindInfo, ft format, f *os.File, size int64, head []byte) error {
	i := bytes.Index(head, []byte("%PDF-"))
	if i < 0 || len(head) < i+7 || !isDigit(head[i+5]) || head[i+6] != '.' {
		return mismatch(ki, ft)
	}
	tail := make([]byte, min(size, pdfTailLen))
	if _, err := f.ReadAt(tail, size-int64(len(tail))); err != nil {
		return fmt.Errorf("docfile: read spool file: %w", err)
	}
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return invalid("%s looks like an incomplete PDF: its end is missing. Please save or download it again and upload the whole file.", ki.the())
	}
	return nil
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }
