package domain

import (
	"strings"
	"testing"
)

func TestValidEmail(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"name@example.com", true},
		{"first.last+tag@sub.example.co.in", true},
		{"O'Brien@example.org", true},
		{"", false},
		{"plain", false},
		{"a@b", false},
		{"a@b.c", false},
		{"a@@example.com", false},
		{"a b@example.com", false},
		{"a@exa mple.com", false},
		{"a@-example.com", false},
		{"a@example.com\r\nBcc: x@y.com", false},
		{strings.Repeat("a", 65) + "@example.com", false},
		{"a@" + strings.Repeat("b", 250) + ".com", false},
	} {
		if got := ValidEmail(tt.in); got != tt.want {
			t.Errorf("ValidEmail(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestContactValidate(t *testing.T) {
	valid := ContactMessage{Name: "Asha Rao", Email: "asha@example.com", Subject: "A new project", Message: "We would like a quote for a web app."}
	if err := valid.Validate(); err != nil {
		t.Fatalf("valid message: %v", err)
	}
	tests := []struct {
		name  string
		edit  func(m *ContactMessage)
		field string
		msg   string
	}{
		{"missing name", func(m *ContactMessage) { m.Name = "" }, "name", "Enter your name."},
		{"long name", func(m *ContactMessage) { m.Name = strings.Repeat("x", 101) }, "name", "Name must be at most 100 characters."},
		{"name with newline", func(m *ContactMessage) { m.Name = "Asha\nBcc: x" }, "name", "Use a single line without special characters."},
		{"name with right-to-left override", func(m *ContactMessage) { m.Name = "Asha \u202eoaR" }, "name", "Use a single line without special characters."},
		{"name with left-to-right embedding", func(m *ContactMessage) { m.Name = "\u202aAsha" }, "name", "Use a single line without special characters."},
		{"subject with isolate", func(m *ContactMessage) { m.Subject = "Quote \u2067please\u2069" }, "subject", "Use a single line without special characters."},
		{"subject with zero-width space", func(m *ContactMessage) { m.Subject = "A\u200bnew project" }, "subject", "Use a single line without special characters."},
		{"subject with word joiner", func(m *ContactMessage) { m.Subject = "A new\u2060project" }, "subject", "Use a single line without special characters."},
		{"name with byte order mark", func(m *ContactMessage) { m.Name = "\ufeffAsha" }, "name", "Use a single line without special characters."},
		{"name with right-to-left mark", func(m *ContactMessage) { m.Name = "Asha\u200f" }, "name", "Use a single line without special characters."},
		{"name with soft hyphen", func(m *ContactMessage) { m.Name = "As\u00adha" }, "name", "Use a single line without special characters."},
		{"joiner at the end of a name", func(m *ContactMessage) { m.Name = "Asha\u200d" }, "name", "Use a single line without special characters."},
		{"joiner between spaces", func(m *ContactMessage) { m.Name = "Asha \u200c Rao" }, "name", "Use a single line without special characters."},
		{"two joiners in a row", func(m *ContactMessage) { m.Name = "\u0915\u094d\u200d\u200d\u0937" }, "name", "Use a single line without special characters."},
		{"missing e-mail", func(m *ContactMessage) { m.Email = "" }, "email", "Enter your e-mail address."},
		{"bad e-mail", func(m *ContactMessage) { m.Email = "asha@" }, "email", "Enter a valid e-mail address."},
		{"subject with CR", func(m *ContactMessage) { m.Subject = "Hi\rthere" }, "subject", "Use a single line without special characters."},
		{"missing subject", func(m *ContactMessage) { m.Subject = "" }, "subject", "Enter a subject."},
		{"missing message", func(m *ContactMessage) { m.Message = "" }, "message", "Enter a message."},
		{"short message", func(m *ContactMessage) { m.Message = "Hi" }, "message", "Message must be at least 10 characters."},
		{"long message", func(m *ContactMessage) { m.Message = strings.Repeat("x", 5001) }, "message", "Message must be at most 5000 characters."},
		{"message with NUL", func(m *ContactMessage) { m.Message = "Hello there\x00" }, "message", "Remove the special characters from your message."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := valid
			tt.edit(&m)
			err := m.Validate()
			if ErrorCode(err) != EInvalid {
				t.Fatalf("Validate() = %v, want an %s error", err, EInvalid)
			}
			fields := ErrorFields(err)
			if got := fields[tt.field]; got != tt.msg {
				t.Errorf("fields[%q] = %q, want %q", tt.field, got, tt.msg)
			}
			if len(fields) != 1 {
				t.Errorf("fields = %v, want only %q", fields, tt.field)
			}
		})
	}
}

// Names in scripts that need joiners inside words are accepted.
func TestContactValidateKeepsJoinersInWords(t *testing.T) {
	for _, name := range []string{
		"\u0915\u094d\u200d\u0937\u093f\u0924\u093f",       // Devanagari: half form with ZWJ
		"\u0d15\u0d7a\u0d23\u0d7b",                         // Malayalam chillu letters
		"\u0d2a\u0d3e\u0d7c\u0d35\u0d24\u0d3f",             // Malayalam with a chillu
		"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", // Persian with ZWNJ
		"Zoë O'Brien-Smith", "José Ñúñez", "李小龍",
	} {
		m := ContactMessage{Name: name, Email: "a@example.com", Subject: "Hello", Message: "A message of some length."}
		if err := m.Validate(); err != nil {
			t.Errorf("name %q refused: %v", name, err)
		}
	}
}

func TestContactNormalize(t *testing.T) {
	m := ContactMessage{Name: "  Asha ", Email: " asha@example.com ", Subject: " Hi ", Message: " line one\r\nline two \n"}
	m.Normalize()
	want := ContactMessage{Name: "Asha", Email: "asha@example.com", Subject: "Hi", Message: "line one\nline two"}
	if m != want {
		t.Errorf("Normalize() = %+v, want %+v", m, want)
	}
}

func TestExactLookup(t *testing.T) {
	for _, tc := range []struct{ q, ref, email string }{
		{"APP-MNSZT7PP", "APP-MNSZT7PP", ""},
		{" app-mnszt7pp ", "APP-MNSZT7PP", ""},
		{"mnszt7pp", "APP-MNSZT7PP", ""},
		{"App-Mnszt7pp", "APP-MNSZT7PP", ""},
		{"APP-MNSZT7P", "", ""},          // too short
		{"APP-MNSZT7P1", "", ""},         // 1 is not base-32
		{"APP-APP-MNSZ", "", ""},         // one prefix only
		{"priya", "", ""},                // a name (5 letters)
		{"engineer", "APP-ENGINEER", ""}, // any 8 such letters may be one
		{"Meera.Iyer@Example.com", "", "Meera.Iyer@Example.com"},
		{"meera @example.com", "", ""},
		{"", "", ""},
	} {
		ref, email := ExactLookup(tc.q)
		if ref != tc.ref || email != tc.email {
			t.Errorf("ExactLookup(%q) = %q, %q; want %q, %q", tc.q, ref, email, tc.ref, tc.email)
		}
	}
}
