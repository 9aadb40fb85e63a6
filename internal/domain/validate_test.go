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

func TestContactNormalize(t *testing.T) {
	m := ContactMessage{Name: "  Asha ", Email: " asha@example.com ", Subject: " Hi ", Message: " line one\r\nline two \n"}
	m.Normalize()
	want := ContactMessage{Name: "Asha", Email: "asha@example.com", Subject: "Hi", Message: "line one\nline two"}
	if m != want {
		t.Errorf("Normalize() = %+v, want %+v", m, want)
	}
}
