package csvexport

import (
	"bytes"
	"encoding/csv"
	"testing"
	"time"
)

func TestCellDangerousStarts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"},
		{"+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1:A2)", "'@SUM(A1:A2)"},
		{"\t=1+1", "'\t=1+1"},
		{"\r=1+1", "'\r=1+1"},
		{"\n=1", "'\n=1"},
		{"  =1+1", "'  =1+1"},                 // an import that trims spaces would see it
		{"\uFF1D1+1", "'\uFF1D1+1"},           // full-width equals
		{"\u00a0\u3000+1", "'\u00a0\u3000+1"}, // other spaces too
		{"\uFF20x", "'\uFF20x"},
		{"Asha", "Asha"},
		{"  ", "  "},
		{"a -b", "a -b"},
		{"ಕನ್ನಡ", "ಕನ್ನಡ"},
		{`"q"`, `"q"`},
		{"", ""},
		{"a=b", "a=b"},
		{"2026-11-26", "2026-11-26"},
	} {
		if got := Cell(c.in); got != c.want {
			t.Errorf("Cell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPhone(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"+91 9876543210", "+91 9876543210"}, // as stored: readable, no apostrophe
		{"+1 415 555 0100", "+1 415 555 0100"},
		{"+919876543210", "'+919876543210"},     // no space: a number a spreadsheet would mangle
		{"+91 98765-43210", "'+91 98765-43210"}, // arithmetic: not the shape
		{"+91 1+cmd|' /C calc'!A0", "'+91 1+cmd|' /C calc'!A0"},
		{"+91 9876543210\t", "'+91 9876543210\t"},
		{"=1+1", "'=1+1"},
		{"-1 234", "'-1 234"},
		{"@91 123", "'@91 123"},
		{"\t+91 9876543210", "'\t+91 9876543210"},
		{"\r+91 9876543210", "'\r+91 9876543210"},
		{"9876543210", "9876543210"},
		{"", ""},
	} {
		if got := Phone(c.in); got != c.want {
			t.Errorf("Phone(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCellsQuotedByCSV(t *testing.T) {
	row := Cells([]string{"=1+1", "+91 9876543210", "a,b"}, 1)
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.Write(row); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if got, want := b.String(), "'=1+1,+91 9876543210,\"a,b\"\n"; got != want {
		t.Errorf("CSV = %q, want %q", got, want)
	}
}

func TestZoneHeaderAndTime(t *testing.T) {
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 26, 16, 0, 0, 0, time.UTC)
	if got, want := ZoneHeader("Submitted", kolkata, at), "Submitted (IST, UTC+05:30)"; got != want {
		t.Errorf("ZoneHeader(Kolkata) = %q, want %q", got, want)
	}
	if got, want := ZoneHeader("When", time.UTC, at), "When (UTC)"; got != want {
		t.Errorf("ZoneHeader(UTC) = %q, want %q", got, want)
	}
	if got, want := ZoneHeader("When", time.FixedZone("", -3*3600), at), "When (UTC-03:00)"; got != want {
		t.Errorf("ZoneHeader(unnamed) = %q, want %q", got, want)
	}
	if got, want := Time(at, kolkata), "2026-11-26 21:30"; got != want {
		t.Errorf("Time = %q, want %q", got, want)
	}
	if got := Time(time.Time{}, kolkata); got != "" {
		t.Errorf("Time(zero) = %q, want empty", got)
	}
}
