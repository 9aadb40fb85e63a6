package docfile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf16"
)

// An old Word document (.doc) is an OLE compound file: a little file
// system of fixed-size sectors, chained by a file allocation table (FAT),
// whose directory names the streams. MSI installers, Excel and PowerPoint
// files, and password-protected .docx files are compound files too, so the
// signature alone proves little: checkDOC walks the directory and wants a
// "WordDocument" stream, and no macros.

var oleSignature = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// Special sector numbers of the FAT.
const (
	oleMaxRegSect = 0xFFFFFFFA // larger values are markers, not sectors
	oleEndOfChain = 0xFFFFFFFE
	oleFreeSect   = 0xFFFFFFFF
)

// oleDirEntry is the part of a directory entry checkDOC uses.
type oleDirEntry struct {
	name  string
	typ   byte // 1 storage, 2 stream, 5 root
	start uint32
	size  uint64
}

// Directory entry names that hold VBA macros: the "Macros" storage of a
// Word 97–2003 document and the VBA project storage and streams inside it.
// Names are compared in upper case: compound file names are
// case-insensitive.
var oleMacroNames = map[string]bool{"MACROS": true, "_VBA_PROJECT_CUR": true, "_VBA_PROJECT": true, "VBA": true}

// checkDOC accepts a compound file with a WordDocument stream whose File
// Information Block is Word's, without macro storages and not encrypted.
func checkDOC(ki kindInfo, ft format, f *os.File, size int64, head []byte) error {
	if !bytes.HasPrefix(head, oleSignature) {
		return mismatch(ki, ft)
	}
	entries, bad := readOLEDirectory(f, size, head)
	if bad != "" {
		return invalid("%s is not a valid Word document (%s). Please save it again from Word, or as PDF.", ki.the(), bad)
	}
	var word *oleDirEntry
	for i, e := range entries {
		if e.typ != 1 && e.typ != 2 { // only storages and streams have names that matter
			continue
		}
		name := strings.ToUpper(e.name)
		switch {
		case oleMacroNames[name]:
			return macroRefusal(ki)
		case name == "ENCRYPTEDPACKAGE":
			return encryptedRefusal(ki)
		case e.typ == 2 && name == "WORDDOCUMENT":
			word = &entries[i]
		}
	}
	if word == nil {
		// Another Office file, or an installer, saved as .doc.
		return mismatch(ki, ft)
	}
	return checkFIB(ki, ft, f, size, head, *word)
}

// checkFIB looks at the start of the WordDocument stream, the File
// Information Block: its magic number, and the flag of a password-
// protected document, which staff could not open.
func checkFIB(ki kindInfo, ft format, f *os.File, size int64, head []byte, word oleDirEntry) error {
	le := binary.LittleEndian
	cutoff := uint64(le.Uint32(head[0x38:]))
	if word.size < 12 {
		return mismatch(ki, ft)
	}
	if word.size < cutoff {
		// A tiny stream lives in the mini stream; real Word documents
		// never have one that small, so there is nothing more to check.
		return nil
	}
	off := (int64(word.start) + 1) << le.Uint16(head[0x1E:])
	if word.start > oleMaxRegSect || off+12 > size {
		return invalid("%s is not a valid Word document (its text stream is missing). Please save it again from Word, or as PDF.", ki.the())
	}
	fib := make([]byte, 12)
	if _, err := f.ReadAt(fib, off); err != nil {
		return fmt.Errorf("docfile: read spool file: %w", err)
	}
	if le.Uint16(fib) != 0xA5EC {
		return mismatch(ki, ft)
	}
	if le.Uint16(fib[0x0A:])&0x0100 != 0 { // fEncrypted
		return encryptedRefusal(ki)
	}
	return nil
}

// readOLEDirectory validates the header of a compound file and returns
// its directory entries, or a short reason why the file is broken. Every
// loop is bounded by the number of sectors in the file, so a FAT with
// cycles cannot make it spin.
func readOLEDirectory(f io.ReaderAt, size int64, head []byte) ([]oleDirEntry, string) {
	le := binary.LittleEndian
	if len(head) < 512 {
		return nil, "it is too short"
	}
	major, shift, miniShift := le.Uint16(head[0x1A:]), le.Uint16(head[0x1E:]), le.Uint16(head[0x20:])
	// The mini stream cutoff is 4096 by the format (MS-CFB 2.2); another
	// value would let a file pass its WordDocument stream off as a mini
	// stream, which checkFIB does not read: no magic, no encryption check.
	if le.Uint16(head[0x1C:]) != 0xFFFE || miniShift != 6 || le.Uint32(head[0x38:]) != 4096 ||
		!(major == 3 && shift == 9 || major == 4 && shift == 12) {
		return nil, "its header is damaged"
	}
	sectorSize := int64(1) << shift
	// The header fills sector -1; the last sector may be cut short.
	numSectors := (size + sectorSize - 1) / sectorSize
	numSectors--
	if numSectors < 2 {
		return nil, "it is too short"
	}
	readSector := func(n uint32) ([]byte, string) {
		if n > oleMaxRegSect || int64(n) >= numSectors {
			return nil, "a sector number is out of range"
		}
		buf := make([]byte, sectorSize)
		off := (int64(n) + 1) * sectorSize
		if _, err := f.ReadAt(buf[:min(sectorSize, size-off)], off); err != nil {
			return nil, "a sector cannot be read"
		}
		return buf, ""
	}

	// The FAT's own sectors: up to 109 listed in the header, the rest in a
	// chain of DIFAT sectors.
	numFAT := int64(le.Uint32(head[0x2C:]))
	if numFAT == 0 || numFAT > numSectors {
		return nil, "its allocation table is damaged"
	}
	fatSectors := make([]uint32, 0, numFAT)
	for i := 0; i < 109 && int64(len(fatSectors)) < numFAT; i++ {
		fatSectors = append(fatSectors, le.Uint32(head[0x4C+4*i:]))
	}
	next := le.Uint32(head[0x44:])
	for steps := int64(0); int64(len(fatSectors)) < numFAT; steps++ {
		if steps > numSectors {
			return nil, "its allocation table is damaged"
		}
		buf, bad := readSector(next)
		if bad != "" {
			return nil, bad
		}
		per := int(sectorSize/4) - 1
		for i := 0; i < per && int64(len(fatSectors)) < numFAT; i++ {
			fatSectors = append(fatSectors, le.Uint32(buf[4*i:]))
		}
		next = le.Uint32(buf[4*per:])
	}
	fat := make([]uint32, 0, numFAT*sectorSize/4)
	for _, s := range fatSectors {
		buf, bad := readSector(s)
		if bad != "" {
			return nil, bad
		}
		for i := int64(0); i < sectorSize; i += 4 {
			fat = append(fat, le.Uint32(buf[i:]))
		}
	}

	// The directory: a chain of sectors of 128-byte entries.
	var entries []oleDirEntry
	sect := le.Uint32(head[0x30:])
	for steps := int64(0); sect != oleEndOfChain; steps++ {
		if steps >= numSectors || int64(sect) >= int64(len(fat)) {
			return nil, "its directory is damaged"
		}
		buf, bad := readSector(sect)
		if bad != "" {
			return nil, bad
		}
		for i := int64(0); i+128 <= sectorSize; i += 128 {
			e := buf[i : i+128]
			typ := e[0x42]
			if typ == 0 {
				continue // unused entry
			}
			nameLen := int(le.Uint16(e[0x40:]))
			if nameLen < 2 || nameLen > 64 || nameLen%2 != 0 {
				return nil, "its directory is damaged"
			}
			u := make([]uint16, nameLen/2-1) // without the terminating NUL
			for j := range u {
				u[j] = le.Uint16(e[2*j:])
			}
			entries = append(entries, oleDirEntry{
				name: string(utf16.Decode(u)), typ: typ,
				start: le.Uint32(e[0x74:]), size: le.Uint64(e[0x78:]),
			})
		}
		sect = fat[sect]
		if sect == oleFreeSect {
			return nil, "its directory is damaged"
		}
	}
	if len(entries) == 0 || entries[0].typ != 5 {
		return nil, "its directory is damaged"
	}
	return entries, ""
}

// macroRefusal is the refusal of a Word document with macros.
func macroRefusal(ki kindInfo) error {
	return invalid("%s is a Word document with macros, which we cannot accept. Save it as .docx without macros, or as PDF.", ki.the())
}

// encryptedRefusal is the refusal of a password-protected document.
func encryptedRefusal(ki kindInfo) error {
	return invalid("%s is protected by a password, so we could not read it. Please remove the password, or save it as PDF, and upload it again.", ki.the())
}
