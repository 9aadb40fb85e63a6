package domain

import "testing"

func TestLengthsText(t *testing.T) {
	for _, tc := range []struct {
		in   []int
		want string
	}{
		{[]int{10}, "10"},
		{[]int{9, 10}, "9 or 10"},
		{[]int{9, 11}, "9 or 11"},
		{[]int{7, 9, 10}, "7, 9 or 10"},
		{[]int{5, 6, 7}, "5 to 7"},
		{nil, ""},
	} {
		if got := LengthsText(tc.in); got != tc.want {
			t.Errorf("LengthsText(%v) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPhoneRegionTable holds the generated table to what the form and the
// rules need of it: sorted by name, India there and the default, every
// region with a calling code and lengths, one main region per code.
func TestPhoneRegionTable(t *testing.T) {
	regions := PhoneRegions()
	if len(regions) < 200 {
		t.Fatalf("only %d regions", len(regions))
	}
	in, ok := PhoneRegionOf(DefaultPhoneRegion)
	if !ok || in.Name != "India" || in.Code != "+91" || len(in.Lengths) != 1 || in.Lengths[0] != 10 {
		t.Errorf("India: %+v", in)
	}
	if CountryCodes[0] != "+91" {
		t.Errorf("first calling code %q, want the default region's", CountryCodes[0])
	}
	mains := map[string]int{}
	for i, r := range regions {
		if i > 0 && regions[i-1].Name > r.Name && !nonASCII(regions[i-1].Name) && !nonASCII(r.Name) {
			t.Errorf("%q before %q: not sorted by name", regions[i-1].Name, r.Name)
		}
		if len(r.Region) != 2 || r.Name == "" || len(r.Code) < 2 || r.Code[0] != '+' || len(r.Lengths) == 0 {
			t.Errorf("incomplete region %+v", r)
		}
		for j, l := range r.Lengths {
			if l < 2 || l > PhoneMax || (j > 0 && l <= r.Lengths[j-1]) {
				t.Errorf("%s: lengths %v", r.Region, r.Lengths)
			}
		}
		if r.Main {
			mains[r.Code]++
		}
	}
	for _, code := range CountryCodes {
		if mains[code] != 1 || MainPhoneRegion(code) == "" {
			t.Errorf("calling code %s has %d main regions", code, mains[code])
		}
	}
	if MainPhoneRegion("+1") != "US" || MainPhoneRegion("+44") != "GB" || MainPhoneRegion("+999") != "" {
		t.Errorf("main regions: +1 %q, +44 %q, +999 %q", MainPhoneRegion("+1"), MainPhoneRegion("+44"), MainPhoneRegion("+999"))
	}
}

func nonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

func TestNormalizeWebAddress(t *testing.T) {
	for in, want := range map[string]string{
		"":                         "",
		"linkedin.com/in/asha-rao": "https://linkedin.com/in/asha-rao",
		"www.example.in":           "https://www.example.in",
		"example.in:8080/x":        "https://example.in:8080/x",
		"//example.in":             "https://example.in",
		"http://example.in":        "http://example.in",
		"Https://example.in/A":     "https://example.in/A",
		"javascript:alert(1)":      "javascript:alert(1)",
		"mailto:a@example.in":      "mailto:a@example.in",
		"localhost:8080":           "localhost:8080",
	} {
		if got := NormalizeWebAddress(in); got != want {
			t.Errorf("NormalizeWebAddress(%q) = %q, want %q", in, got, want)
		}
	}
}
