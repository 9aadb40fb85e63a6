package domain

import (
	"strings"
	"testing"
)

func TestVerhoeffKnownValues(t *testing.T) {
	// 236 → 3 is the worked example of the usual descriptions of the
	// algorithm, 12345 → 1 a common test vector.
	for _, tt := range []struct {
		in   string
		want byte
	}{
		{"236", '3'},
		{"12345", '1'},
		{"123456789012", '0'},
		{"23456789012", '4'},
	} {
		got, ok := VerhoeffCheckDigit(tt.in)
		if !ok || got != tt.want {
			t.Errorf("VerhoeffCheckDigit(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
		if !VerhoeffValid(tt.in + string(tt.want)) {
			t.Errorf("VerhoeffValid(%q) = false", tt.in+string(tt.want))
		}
	}
	for _, bad := range []string{"", "2364", "12a4", "٢٣٦٣", " 2363"} {
		if VerhoeffValid(bad) {
			t.Errorf("VerhoeffValid(%q) = true", bad)
		}
	}
	if _, ok := VerhoeffCheckDigit(""); ok {
		t.Error("VerhoeffCheckDigit(\"\") reported a digit")
	}
}

// TestVerhoeffTables derives the tables from their definition, so a
// mistyped entry cannot hide: row i of P is the permutation of row 1
// applied i times, Inv holds each element's inverse under D, and D is
// associative with 0 as its identity.
func TestVerhoeffTables(t *testing.T) {
	d, p, inv := VerhoeffTables()
	for i := 1; i < 8; i++ {
		for x := range 10 {
			if want := p[1][p[i-1][x]]; p[i][x] != want {
				t.Errorf("P[%d][%d] = %d, want %d", i, x, p[i][x], want)
			}
		}
	}
	for a := range uint8(10) {
		if d[a][inv[a]] != 0 || d[0][a] != a || d[a][0] != a {
			t.Errorf("element %d: inverse or identity wrong", a)
		}
		for b := range uint8(10) {
			for c := range uint8(10) {
				if d[d[a][b]][c] != d[a][d[b][c]] {
					t.Fatalf("D is not associative at %d, %d, %d", a, b, c)
				}
			}
		}
	}
}

func TestNationalIDProblem(t *testing.T) {
	aadhaar := NationalIDFormats[0]
	pan := NationalIDFormats[1]
	licence := NationalIDFormats[2]
	for _, tt := range []struct {
		idType, number, want string
	}{
		{IDAadhaar, "2345 6789 0124", ""},
		{IDAadhaar, " 234567890124 ", ""},
		{IDAadhaar, "300000000001", ""},
		{IDAadhaar, "234567890128", aadhaar.CheckMessage},
		{IDAadhaar, "123456789010", aadhaar.Message}, // check digit right, first digit 1
		{IDAadhaar, "23456789012", aadhaar.Message},
		{IDAadhaar, "2345678901240", aadhaar.Message},
		{IDAadhaar, "2345-6789-0124", aadhaar.Message},
		{IDAadhaar, "२३४५६७८९०१२९", aadhaar.Message}, // Devanagari digits are not ASCII digits
		{IDPAN, "ABCPE1234F", ""},
		{IDPAN, "abcpe 1234 f", ""},
		{IDPAN, "ABCPE1234", pan.Message},
		{IDPAN, "1BCPE1234F", pan.Message},
		{IDPAN, "ÅBCPE1234F", pan.Message},
		{IDLicence, "MH14 20110062821", ""},
		{IDLicence, "dl-0420110149646", ""},
		{IDLicence, "KA01 2015 0012345", ""},
		{IDLicence, "AB123456", ""},             // 8 characters, 6 digits
		{IDLicence, "AB12345", licence.Message}, // 7 characters
		{IDLicence, "ABCDEFGHIJ12345", licence.Message},
		{IDLicence, "MH14 2011006282 ", ""}, // trimmed
		{IDLicence, "MH14_20110062821", licence.Message},
		{IDLicence, "MH14 20110062821-", licence.Message},
		{IDLicence, strings.Repeat("1", 21), licence.Message},
		{"Passport", "K1234567", "Choose one of the listed types of ID."},
	} {
		if got := NationalIDProblem(tt.idType, tt.number); got != tt.want {
			t.Errorf("NationalIDProblem(%q, %q) = %q, want %q", tt.idType, tt.number, got, tt.want)
		}
	}
}

func TestNormalizeNationalIDAndLastFour(t *testing.T) {
	for _, tt := range []struct {
		idType, number, canonical, last4 string
	}{
		{IDAadhaar, " 2345 6789 0124 ", "234567890124", "0124"},
		{IDPAN, "abcpe 1234 f", "ABCPE1234F", "234F"},
		{IDLicence, "mh14 20110062821", "MH14 20110062821", "2821"},
		{IDLicence, "straße 123456", "STRAßE 123456", "3456"}, // ASCII letters only
		{"", " x1 ", "x1", "x1"},
	} {
		if got := NormalizeNationalID(tt.idType, tt.number); got != tt.canonical {
			t.Errorf("NormalizeNationalID(%q, %q) = %q, want %q", tt.idType, tt.number, got, tt.canonical)
		}
		if got := NationalIDLastFour(tt.idType, tt.number); got != tt.last4 {
			t.Errorf("NationalIDLastFour(%q, %q) = %q, want %q", tt.idType, tt.number, got, tt.last4)
		}
	}
}

func TestNationalIDFormatsCoverEveryType(t *testing.T) {
	for _, typ := range NationalIDTypes {
		f, ok := NationalIDFormatOf(typ)
		if !ok || f.Message == "" || len(f.Patterns) == 0 {
			t.Errorf("ID type %q has no usable format", typ)
		}
		if f.Check != "" && f.CheckMessage == "" {
			t.Errorf("ID type %q has a check without a message", typ)
		}
	}
	if len(NationalIDFormats) != len(NationalIDTypes) {
		t.Errorf("%d formats for %d types", len(NationalIDFormats), len(NationalIDTypes))
	}
}

// FuzzVerhoeff: appending the computed check digit always validates, and
// changing any one digit of a valid number or swapping two adjacent
// different digits always fails (the errors Verhoeff detects).
func FuzzVerhoeff(f *testing.F) {
	for _, s := range []string{"236", "0", "23456789012", "99999999999", "1234567890123456789"} {
		f.Add(s, uint(0), uint8(1))
	}
	f.Fuzz(func(t *testing.T, digits string, pos uint, delta uint8) {
		if _, ok := VerhoeffCheckDigit(digits); !ok {
			if digits != "" && strings.Trim(digits, "0123456789") == "" {
				t.Fatalf("VerhoeffCheckDigit(%q) refused a number", digits)
			}
			if VerhoeffValid(digits) {
				t.Fatalf("VerhoeffValid(%q) accepted a non-number", digits)
			}
			return
		}
		c, _ := VerhoeffCheckDigit(digits)
		full := []byte(digits + string(c))
		if !VerhoeffValid(string(full)) {
			t.Fatalf("%q with its check digit %q does not validate", digits, c)
		}
		i := int(pos % uint(len(full)))
		changed := append([]byte(nil), full...)
		changed[i] = '0' + (changed[i]-'0'+1+delta%9)%10
		if VerhoeffValid(string(changed)) {
			t.Fatalf("%q validates after changing digit %d of %q", changed, i, full)
		}
		if i+1 < len(full) && full[i] != full[i+1] {
			swapped := append([]byte(nil), full...)
			swapped[i], swapped[i+1] = swapped[i+1], swapped[i]
			if VerhoeffValid(string(swapped)) {
				t.Fatalf("%q validates after swapping digits %d and %d of %q", swapped, i, i+1, full)
			}
		}
	})
}

// FuzzNationalID: the check never panics, gives one of its type's
// messages, and accepts a number exactly when its canonical form does;
// the canonical form is a fixed point, and what is accepted is at most 20
// characters of the format's alphabet.
func FuzzNationalID(f *testing.F) {
	for _, s := range []string{"2345 6789 0124", "234567890128", "abcpe1234f", "MH14 20110062821", "", " ", "\u202e1234"} {
		for _, typ := range NationalIDTypes {
			f.Add(typ, s)
		}
	}
	f.Add("Passport", "K1234567")
	f.Fuzz(func(t *testing.T, idType, number string) {
		got := NationalIDProblem(idType, number)
		canonical := NormalizeNationalID(idType, number)
		if NormalizeNationalID(idType, canonical) != canonical {
			t.Fatalf("NormalizeNationalID is not idempotent on %q", number)
		}
		if again := NationalIDProblem(idType, canonical); again != got {
			t.Fatalf("%q: %q, canonical %q: %q", number, got, canonical, again)
		}
		format, ok := NationalIDFormatOf(idType)
		if !ok {
			if got == "" {
				t.Fatalf("unknown type %q accepted", idType)
			}
			return
		}
		if got != "" && got != format.Message && got != format.CheckMessage {
			t.Fatalf("%s %q: unexpected message %q", idType, number, got)
		}
		if got == "" {
			if len(canonical) > 20 || strings.Trim(canonical, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -") != "" {
				t.Fatalf("%s %q accepted as %q", idType, number, canonical)
			}
			if idType == IDAadhaar && (len(canonical) != 12 || !VerhoeffValid(canonical)) {
				t.Fatalf("Aadhaar %q accepted as %q", number, canonical)
			}
		}
	})
}
