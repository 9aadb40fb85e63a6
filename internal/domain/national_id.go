package domain

import "strings"

// NationalIDFormat is how one type of national ID is written: how a typed
// number is brought to its canonical form and what that form must look
// like. The web app reads the same table (APPLICATION_RULES.nationalIds in
// web/src/gen/apply-rules.ts), so both sides accept the same numbers; the
// shared cases in testdata/application-cases.json hold them to it.
type NationalIDFormat struct {
	// Type is the stored value of nationalIdType.
	Type string `json:"type"`
	// RemoveSpaces drops every space (U+0020) from the number: people
	// write an Aadhaar number in groups of four and a PAN card shows
	// none, but the number is the same without them.
	RemoveSpaces bool `json:"removeSpaces,omitempty"`
	// Upper upper-cases ASCII letters only. Full Unicode upper-casing
	// differs between Go and JavaScript (ß becomes SS in one of them);
	// every valid number is ASCII anyway.
	Upper bool `json:"upper,omitempty"`
	// Patterns must all match the canonical number (RE2 and JavaScript
	// syntax alike: no lookaround, no backreferences).
	Patterns []string `json:"patterns"`
	// Message says what is wrong when a pattern does not match.
	Message string `json:"message"`
	// Check names a check-digit algorithm ("verhoeff") the canonical
	// number must pass after the patterns; CheckMessage is its message.
	Check        string `json:"check,omitempty"`
	CheckMessage string `json:"checkMessage,omitempty"`
}

// CheckVerhoeff names the Verhoeff check-digit algorithm (Aadhaar).
const CheckVerhoeff = "verhoeff"

// NationalIDFormats are the formats of NationalIDTypes, one each.
//
//   - Aadhaar: 12 digits, the first not 0 or 1 (UIDAI never issues those),
//     the last a Verhoeff check digit over the other eleven.
//   - PAN: five letters, four digits, one letter (AAAAA9999A). The fourth
//     letter encodes the holder type (P for a person, C for a company…);
//     the simple pattern is kept so that no rare but real holder type is
//     refused.
//   - Driving licence: the states write them differently (MH14 20110062821,
//     DL-0420110149646, KA0120150012345), so the rule is deliberately
//     loose: 8 to 20 letters, digits, spaces and dashes, beginning and
//     ending with a letter or digit, at least six of them digits.
var NationalIDFormats = []NationalIDFormat{
	{
		Type:         IDAadhaar,
		RemoveSpaces: true,
		Patterns:     []string{"^[2-9][0-9]{11}$"},
		Message:      "Enter your 12-digit Aadhaar number (it never starts with 0 or 1).",
		Check:        CheckVerhoeff,
		CheckMessage: "This is not a valid Aadhaar number: please check the digits.",
	},
	{
		Type:         IDPAN,
		RemoveSpaces: true,
		Upper:        true,
		Patterns:     []string{"^[A-Z]{5}[0-9]{4}[A-Z]$"},
		Message:      "Enter your PAN as 5 letters, 4 digits and a letter, e.g. ABCDE1234F.",
	},
	{
		Type:  IDLicence,
		Upper: true,
		Patterns: []string{
			"^[A-Z0-9][A-Z0-9 -]{6,18}[A-Z0-9]$",
			"^[^0-9]*([0-9][^0-9]*){6,}$",
		},
		Message: "Enter your driving licence number: 8 to 20 letters, digits, spaces or dashes, with at least 6 digits.",
	},
}

// NationalIDFormatOf returns the format of an ID type, and false for a
// type that is not one of NationalIDTypes.
func NationalIDFormatOf(idType string) (NationalIDFormat, bool) {
	for _, f := range NationalIDFormats {
		if f.Type == idType {
			return f, true
		}
	}
	return NationalIDFormat{}, false
}

// NormalizeNationalID returns the canonical form of a national ID number
// of the given type: trimmed, spaces removed and letters upper-cased as
// the type's format says. It is the one place a number is brought to that
// form: the rules judge it (ValidateForm, for a rule of KindNationalID),
// it is what is sealed, and the last four characters shown to staff are
// taken from it. A request keeps the number as typed (trimmed). An
// unknown type gets the trimmed number.
func NormalizeNationalID(idType, number string) string {
	number = strings.TrimSpace(number)
	f, ok := NationalIDFormatOf(idType)
	if !ok {
		return number
	}
	if f.RemoveSpaces {
		number = strings.ReplaceAll(number, " ", "")
	}
	if f.Upper {
		number = upperASCII(number)
	}
	return number
}

// upperASCII upper-cases the letters a–z and leaves every other character alone.
func upperASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// NationalIDProblem returns what is wrong with a national ID number of the
// given type, or "" when it is well formed. The number is normalised first
// (NormalizeNationalID), so a number as typed may be passed. The rules
// table's interpreter checks a number the same way (see KindNationalID).
func NationalIDProblem(idType, number string) string {
	f, ok := NationalIDFormatOf(idType)
	if !ok {
		return ApplicationFieldRule("nationalIdType").Messages[MsgInvalid]
	}
	return f.problem(NormalizeNationalID(idType, number))
}

// problem returns what is wrong with a number in its canonical form, or "".
func (f NationalIDFormat) problem(canonical string) string {
	for _, p := range f.Patterns {
		if !compiled(p).MatchString(canonical) {
			return f.Message
		}
	}
	if f.Check == CheckVerhoeff && !VerhoeffValid(canonical) {
		return f.CheckMessage
	}
	return ""
}

// NationalIDLastFour returns the last four characters of the canonical
// form of a number, the part staff see; the whole number when shorter.
func NationalIDLastFour(idType, number string) string {
	r := []rune(NormalizeNationalID(idType, number))
	if len(r) <= 4 {
		return string(r)
	}
	return string(r[len(r)-4:])
}

// The Verhoeff algorithm (Jacobus Verhoeff, 1969) detects every error in a
// single digit and every swap of two adjacent digits, which is why Aadhaar
// uses it. It works in the dihedral group D5: verhoeffD is the group's
// multiplication table, verhoeffP the permutation applied to a digit by its
// position (row i is the permutation (1 5 7 6 2 8 3 0 9 4) applied i times)
// and verhoeffInv each element's inverse.
var (
	verhoeffD = [10][10]uint8{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		{1, 2, 3, 4, 0, 6, 7, 8, 9, 5},
		{2, 3, 4, 0, 1, 7, 8, 9, 5, 6},
		{3, 4, 0, 1, 2, 8, 9, 5, 6, 7},
		{4, 0, 1, 2, 3, 9, 5, 6, 7, 8},
		{5, 9, 8, 7, 6, 0, 4, 3, 2, 1},
		{6, 5, 9, 8, 7, 1, 0, 4, 3, 2},
		{7, 6, 5, 9, 8, 2, 1, 0, 4, 3},
		{8, 7, 6, 5, 9, 3, 2, 1, 0, 4},
		{9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
	}
	verhoeffP = [8][10]uint8{
		{0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		{1, 5, 7, 6, 2, 8, 3, 0, 9, 4},
		{5, 8, 0, 3, 7, 9, 6, 1, 4, 2},
		{8, 9, 1, 6, 0, 4, 3, 5, 2, 7},
		{9, 4, 5, 3, 1, 2, 6, 8, 7, 0},
		{4, 2, 8, 6, 5, 7, 3, 9, 0, 1},
		{2, 7, 9, 3, 8, 0, 6, 4, 1, 5},
		{7, 0, 4, 6, 9, 1, 3, 2, 5, 8},
	}
	verhoeffInv = [10]uint8{0, 4, 3, 2, 1, 5, 6, 7, 8, 9}
)

// VerhoeffTables are the algorithm's three tables, for the web app's copy
// of the algorithm (generated into APPLICATION_RULES.verhoeff), so not even
// its constants are typed twice.
func VerhoeffTables() (d [10][10]uint8, p [8][10]uint8, inv [10]uint8) {
	return verhoeffD, verhoeffP, verhoeffInv
}

// verhoeffSum runs the algorithm over the digits of s from the right,
// starting at position offset: 0 checks a number that ends in its check
// digit, 1 computes the check digit of a number without one. It reports
// false when s is empty or holds anything but ASCII digits.
func verhoeffSum(s string, offset int) (uint8, bool) {
	if s == "" {
		return 0, false
	}
	var c uint8
	for i := 0; i < len(s); i++ {
		ch := s[len(s)-1-i]
		if ch < '0' || ch > '9' {
			return 0, false
		}
		c = verhoeffD[c][verhoeffP[(i+offset)%8][ch-'0']]
	}
	return c, true
}

// VerhoeffValid reports whether digits (ASCII digits only, at least one)
// end in a correct Verhoeff check digit.
func VerhoeffValid(digits string) bool {
	c, ok := verhoeffSum(digits, 0)
	return ok && c == 0
}

// VerhoeffCheckDigit returns the check digit ('0'–'9') to append to digits
// so that VerhoeffValid holds, and false when digits is empty or holds
// anything but ASCII digits.
func VerhoeffCheckDigit(digits string) (byte, bool) {
	c, ok := verhoeffSum(digits, 1)
	if !ok {
		return 0, false
	}
	return '0' + verhoeffInv[c], true
}
