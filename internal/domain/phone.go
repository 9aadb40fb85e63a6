package domain

import (
	"strconv"
	"strings"
)

// PhoneRegion is a country or territory an applicant's phone number may
// belong to. The table (phoneRegionTable, phone_regions_gen.go) is
// generated from libphonenumber's metadata by web/scripts/gen-phone-regions.mjs
// and sorted by name; the web app gets it with the application's rules.
type PhoneRegion struct {
	// Region is the ISO 3166-1 alpha-2 code ("IN").
	Region string `json:"region"`
	// Name is the region's English name ("India").
	Name string `json:"name"`
	// InName is the name as it reads after "in" when that differs ("the
	// United Kingdom"); empty otherwise.
	InName string `json:"inName,omitempty"`
	// Code is the international calling code with its plus ("+91").
	Code string `json:"code"`
	// Lengths are the possible lengths of a national number (fixed line
	// and mobile), ascending.
	Lengths []int `json:"lengths"`
	// Trunk is the prefix dialled before a national number at home ("0"),
	// which the number is stored without; empty where there is none.
	Trunk string `json:"trunk,omitempty"`
	// Main marks the region a calling code shared by several belongs to
	// first (+1: the United States), the one assumed when only the code is
	// known.
	Main bool `json:"main,omitempty"`
}

// DefaultPhoneRegion is the region the application form starts with.
const DefaultPhoneRegion = "IN"

// PhoneRegions returns every region, sorted by name.
func PhoneRegions() []PhoneRegion { return phoneRegionTable }

var phoneRegionIndex = func() map[string]int {
	m := make(map[string]int, len(phoneRegionTable))
	for i, r := range phoneRegionTable {
		m[r.Region] = i
	}
	return m
}()

// PhoneRegionOf returns the region of an ISO code, and false for a code
// the table does not have.
func PhoneRegionOf(region string) (PhoneRegion, bool) {
	i, ok := phoneRegionIndex[region]
	if !ok {
		return PhoneRegion{}, false
	}
	return phoneRegionTable[i], true
}

// MainPhoneRegion returns the main region of a calling code ("+1" → "US"),
// or "" for a code no region has.
func MainPhoneRegion(code string) string {
	for _, r := range phoneRegionTable {
		if r.Code == code && r.Main {
			return r.Region
		}
	}
	return ""
}

// phoneCallingCodes are the distinct calling codes of the table, in its
// order with the default region's first.
func phoneCallingCodes() []string {
	def, _ := PhoneRegionOf(DefaultPhoneRegion)
	codes := []string{def.Code}
	seen := map[string]bool{def.Code: true}
	for _, r := range phoneRegionTable {
		if !seen[r.Code] {
			seen[r.Code] = true
			codes = append(codes, r.Code)
		}
	}
	return codes
}

// NormalizePhoneNumber drops the trunk prefix a number was written with
// ("09876543210" in India → "9876543210"): only when the number without it
// has a possible length and the number with it has not. digits are the
// number's ASCII digits; an unknown region leaves them as they are.
func NormalizePhoneNumber(region, digits string) string {
	r, ok := PhoneRegionOf(region)
	if !ok || r.Trunk == "" || r.hasLength(len(digits)) {
		return digits
	}
	if rest, ok := strings.CutPrefix(digits, r.Trunk); ok && r.hasLength(len(rest)) {
		return rest
	}
	return digits
}

func (r PhoneRegion) hasLength(n int) bool {
	for _, l := range r.Lengths {
		if l == n {
			return true
		}
	}
	return false
}

// phoneLengthProblem fills a phone rule's length message for a number of
// the wrong length, or returns "" when its length is possible or the
// region unknown (the region's field has its own message).
func phoneLengthProblem(r FieldRule, region, digits string) string {
	pr, ok := PhoneRegionOf(region)
	if !ok || pr.hasLength(len(digits)) {
		return ""
	}
	in := pr.InName
	if in == "" {
		in = pr.Name
	}
	return strings.NewReplacer("{country}", in, "{lengths}", LengthsText(pr.Lengths)).Replace(r.Messages[MsgLength])
}

// LengthsText writes possible lengths as words: "10", "9 or 10",
// "5 to 15" (three or more in a row), "7, 9 or 10".
func LengthsText(lengths []int) string {
	n := len(lengths)
	switch {
	case n == 0:
		return ""
	case n >= 3 && lengths[n-1]-lengths[0] == n-1:
		return strconv.Itoa(lengths[0]) + " to " + strconv.Itoa(lengths[n-1])
	}
	var b strings.Builder
	for i, l := range lengths {
		switch {
		case i == 0:
		case i == n-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(l))
	}
	return b.String()
}

// NormalizeWebAddress completes an address typed without its scheme
// ("linkedin.com/in/asha-rao" → "https://linkedin.com/in/asha-rao",
// "//example.com" → "https://example.com") and lower-cases an http or
// https scheme ("HTTPS://…", as phone keyboards capitalise). A value with
// any other scheme ("javascript:…", "mailto:…") is left for the rules to
// refuse; a scheme has no dot, so "example.com:8080" is an address. s is
// trimmed already; "" stays "".
func NormalizeWebAddress(s string) string {
	if s == "" {
		return s
	}
	if rest, ok := strings.CutPrefix(s, "//"); ok {
		return "https://" + rest
	}
	if i := strings.IndexByte(s, ':'); i > 0 && isScheme(s[:i]) {
		if lower := strings.ToLower(s[:i]); lower == "http" || lower == "https" {
			return lower + s[i:]
		}
		return s
	}
	return "https://" + s
}

// isScheme reports whether s has the shape of a URL scheme (RFC 3986: a
// letter, then letters, digits, "+" or "-"; dots left out, see
// NormalizeWebAddress).
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-'):
		default:
			return false
		}
	}
	return s != ""
}
