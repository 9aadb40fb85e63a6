// Package csvexport holds the rules every CSV export of the console
// follows, so that a file opens in a spreadsheet as it reads:
//
//   - A cell a spreadsheet could run as a formula is shown as text: one
//     that begins with = + - @ (or their full-width forms, which some
//     spreadsheets fold), a tab, a carriage return or a line feed, also
//     after leading spaces, gets a leading apostrophe (Cell).
//   - A phone number is exported as the site stores it, "+91 9876543210":
//     the calling code, one space, digits (Phone). It starts with "+", yet
//     it is left as it is: with only digits and spaces after the plus it
//     holds no function, no cell reference and no "|" (DDE), so it cannot
//     run anything or read anything, and the space between the code and
//     the number makes it no valid formula or number, so Excel, LibreOffice
//     and Google Sheets keep it as the text it is (no apostrophe shown, no
//     "9.19877E+11"). Anything else in a phone column is a Cell.
//   - Times are in the site's zone, named in the column's header with its
//     offset: "Submitted (IST, UTC+05:30)" (ZoneHeader, Time).
//
// Quoting is encoding/csv's. The package knows nothing of HTTP.
package csvexport

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// formulaStarts are the characters that make a spreadsheet read a cell as
// a formula, with their full-width forms.
const formulaStarts = "=+-@\uFF1D\uFF0B\uFF0D\uFF20"

// Cell makes s safe to open in a spreadsheet: a cell that could be read as
// a formula gets a leading apostrophe, which shows it as text.
func Cell(s string) string {
	if s == "" {
		return s
	}
	if strings.ContainsRune("\t\r\n", rune(s[0])) {
		return "'" + s
	}
	if t := strings.TrimLeftFunc(s, unicode.IsSpace); t != "" {
		if r, _ := utf8.DecodeRuneInString(t); strings.ContainsRune(formulaStarts, r) {
			return "'" + s
		}
	}
	return s
}

// phoneShape is a phone number as the site stores and exports it: a plus,
// a calling code, then groups of digits each after one space.
var phoneShape = regexp.MustCompile(`^\+[0-9]{1,4}( [0-9]{1,17}){1,4}$`)

// Phone is a phone number's cell: left as it is when it has the shape of
// one (see the package comment), Cell otherwise.
func Phone(s string) string {
	if phoneShape.MatchString(s) {
		return s
	}
	return Cell(s)
}

// Cells applies Cell to every cell of row, in place, but Phone to those
// whose index is in phones; it returns row.
func Cells(row []string, phones ...int) []string {
	for i := range row {
		if slices.Contains(phones, i) {
			row[i] = Phone(row[i])
		} else {
			row[i] = Cell(row[i])
		}
	}
	return row
}

// TimeLayout is how times are written: day and minute, in the zone of
// their column.
const TimeLayout = "2006-01-02 15:04"

// Time is t in loc, as TimeLayout; "" for a zero time.
func Time(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return t.In(loc).Format(TimeLayout)
}

// ZoneHeader is a time column's header naming the zone its times are in,
// as it stands at at: "Submitted (IST, UTC+05:30)", or "Submitted
// (UTC+05:30)" for a zone without an abbreviation, "Submitted (UTC)" for
// UTC.
func ZoneHeader(column string, loc *time.Location, at time.Time) string {
	t := at.In(loc)
	abbr, offset := t.Format("MST"), t.Format("-07:00")
	if offset == "+00:00" && (abbr == "UTC" || abbr == "GMT" || abbr == "+00") {
		return column + " (UTC)"
	}
	zone := "UTC" + offset
	if abbr != "" && abbr[0] != '+' && abbr[0] != '-' {
		zone = abbr + ", " + zone
	}
	return column + " (" + zone + ")"
}
