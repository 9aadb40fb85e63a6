package domain

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// FileMeta is what the rules need to know of an uploaded document.
type FileMeta struct {
	Name string `json:"name"` // the file name the browser sent
	Size int64  `json:"size"` // bytes
}

// applicationPatterns holds the compiled Pattern of every rule that has one.
var applicationPatterns = func() map[string]*regexp.Regexp {
	m := map[string]*regexp.Regexp{}
	for _, r := range ApplicationRules.Fields {
		if r.Pattern != "" {
			m[r.Pattern] = regexp.MustCompile(r.Pattern)
		}
	}
	return m
}()

// ApplicationToday is the day an application's dates are checked against
// (YYYY-MM-DD): the date in the earliest time zone on Earth (UTC−12). The
// browser checks against the visitor's own date, which is never earlier,
// so a start date of "today" the form accepted is never refused by the
// server for being in the past.
func ApplicationToday(now time.Time) string {
	return now.UTC().Add(-12 * time.Hour).Format(time.DateOnly)
}

// ValidateApplication checks the flattened, normalised fields of an
// application (wire.ApplicationRequest's Normalize, then Fields) against
// ApplicationRules and returns path → message for every field that fails,
// or nil when all pass. today (YYYY-MM-DD, see ApplicationToday) anchors
// the date bounds; when it is not a date, the bounds are not checked.
//
// files maps the part names ("resume", "nationalIdDocument",
// "certification.0") of the documents that came with the application.
// When files is nil the file rules are skipped: the server checks the
// text before it reads any file, and each file with CheckFileMeta as it
// streams in.
func ValidateApplication(fields map[string]string, files map[string]FileMeta, today string) map[string]string {
	if !validDate(today) {
		today = ""
	}
	v := appValidator{fields: fields, today: today, problems: fieldErrors{}}
	for _, r := range ApplicationRules.Fields {
		switch {
		case r.Kind == KindCount:
			if n := v.count(r.Path); n > r.Max {
				v.problems.add(r.Path, r.Messages[MsgTooMany])
			}
		case r.Kind == KindFile:
			if files != nil {
				v.checkFiles(r, files)
			}
		case r.List != "":
			for i := range v.entries(r.List) {
				if !v.ignored(r.List, i) {
					v.checkValue(r, strings.Replace(r.Path, "*", strconv.Itoa(i), 1), r.List+"."+strconv.Itoa(i)+".")
				}
			}
		default:
			v.checkValue(r, r.Path, "")
		}
	}
	if files != nil {
		for part := range files {
			if _, ok := fileRule(part); !ok {
				v.problems.add(part, ApplicationRules.UnexpectedFile)
			}
		}
	}
	if len(v.problems) == 0 {
		return nil
	}
	return v.problems
}

// ApplicationError returns the error an API answers for the problems
// ValidateApplication or CheckFileMeta found, or nil when there are none.
func ApplicationError(problems map[string]string) error {
	return fieldErrors(problems).err()
}

// CheckFileMeta checks one received document: part is its multipart part
// name ("resume", "certification.0"), name the file name the browser sent
// and size its length in bytes. It returns the message for the part, or ""
// when the file is acceptable. Whether a certification with that index
// exists is for ValidateApplication to say.
//
// While streaming, check the name with CheckFileName before reading the
// part, read at most FileMaxBytes(part)+1 bytes, then call CheckFileMeta
// with the count read: one byte over the limit gives the too-large message,
// none the empty-file one.
func CheckFileMeta(part, name string, size int64) string {
	r, ok := fileRule(part)
	if !ok {
		return ApplicationRules.UnexpectedFile
	}
	return fileProblem(r, name, size)
}

// CheckFileName checks what can be known of a document before its first
// byte: that the part is one the form sends and that the file name is
// acceptable (length, extension). It returns the message, or "".
func CheckFileName(part, name string) string {
	r, ok := fileRule(part)
	if !ok {
		return ApplicationRules.UnexpectedFile
	}
	return fileProblem(r, name, 1) // one byte: neither empty nor too large
}

// FileMaxBytes returns the size limit of a file part, and 0 for a part
// the form does not send.
func FileMaxBytes(part string) int64 {
	r, _ := fileRule(part)
	return r.MaxBytes
}

// fileRule returns the rule of a file part, and false for a part name no
// rule has (certification indices must be plain decimals: "certification.01"
// or "certification.+1" would not be the same entry twice).
func fileRule(part string) (FieldRule, bool) {
	for _, r := range ApplicationRules.Fields {
		if r.Kind != KindFile {
			continue
		}
		if prefix, ok := strings.CutSuffix(r.Path, "*"); ok {
			if i, ok := strings.CutPrefix(part, prefix); ok && isIndex(i) {
				return r, true
			}
		} else if r.Path == part {
			return r, true
		}
	}
	return FieldRule{}, false
}

// isIndex reports whether s is a list index as Fields writes it: decimal
// digits without a leading zero, at most four of them.
func isIndex(s string) bool {
	if s == "" || len(s) > 4 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func fileProblem(r FieldRule, name string, size int64) string {
	ext := strings.ToLower(path.Ext(name))
	switch {
	case size <= 0:
		return r.Messages[MsgEmpty]
	case utf8.RuneCountInString(name) > r.Max:
		return r.Messages[MsgNameTooLong]
	case !slices.Contains(r.Extensions, ext):
		return r.Messages[MsgType]
	case size > r.MaxBytes:
		return r.Messages[MsgTooLarge]
	}
	return ""
}

// appValidator holds one run of ValidateApplication.
type appValidator struct {
	fields   map[string]string
	today    string
	problems fieldErrors
}

// count returns the number of entries a list claims, 0 when unreadable.
func (v *appValidator) count(list string) int {
	n, err := strconv.Atoi(v.fields[list])
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// entries returns how many entries of a list are checked: all of them,
// but no more than the list's limit, so that a forged count cannot make
// the server loop.
func (v *appValidator) entries(list string) int {
	return min(v.count(list), ApplicationFieldRule(list).Max)
}

// ignored reports whether entry i of a list is the blank first entry the
// form always shows, which is no entry at all (FieldRule.IgnoreBlankFirst).
func (v *appValidator) ignored(list string, i int) bool {
	lr := ApplicationFieldRule(list)
	if i != 0 || !lr.IgnoreBlankFirst {
		return false
	}
	return IsBlankEntry(v.fields, list, i)
}

// IsBlankEntry reports whether every field of entry i of a list is empty,
// the fields its count rule's BlankIgnores names excepted. With the list's
// IgnoreBlankFirst, a blank first entry is not validated and should not be stored.
func IsBlankEntry(fields map[string]string, list string, i int) bool {
	lr := ApplicationFieldRule(list)
	prefix := list + "." + strconv.Itoa(i) + "."
	for _, r := range ApplicationRules.Fields {
		if r.List != list || r.Kind == KindFile {
			continue
		}
		sub := strings.TrimPrefix(r.Path, list+".*.")
		if slices.Contains(lr.BlankIgnores, sub) {
			continue
		}
		if fields[strings.Replace(r.Path, list+".*.", prefix, 1)] != "" {
			return false
		}
	}
	return true
}

// checkFiles checks the documents of one file rule.
func (v *appValidator) checkFiles(r FieldRule, files map[string]FileMeta) {
	if r.List == "" {
		meta, ok := files[r.Path]
		switch {
		case !ok && r.Required:
			v.problems.add(r.Path, r.Messages[MsgRequired])
		case ok:
			if msg := fileProblem(r, meta.Name, meta.Size); msg != "" {
				v.problems.add(r.Path, msg)
			}
		}
		return
	}
	prefix := strings.TrimSuffix(r.Path, "*")
	n := v.entries(r.List)
	for part, meta := range files {
		i, ok := strings.CutPrefix(part, prefix)
		if !ok || !isIndex(i) {
			continue
		}
		if idx, _ := strconv.Atoi(i); idx >= n {
			v.problems.add(part, r.Messages[MsgUnexpected])
		} else if msg := fileProblem(r, meta.Name, meta.Size); msg != "" {
			v.problems.add(part, msg)
		}
	}
	if r.Required {
		for i := range n {
			if _, ok := files[prefix+strconv.Itoa(i)]; !ok {
				v.problems.add(prefix+strconv.Itoa(i), r.Messages[MsgRequired])
			}
		}
	}
}

// checkValue checks one field; sibling is the prefix of the fields of the
// same entry ("educations.1."), or "" outside lists.
func (v *appValidator) checkValue(r FieldRule, p, sibling string) {
	value := v.fields[p]
	if msg := v.valueProblem(r, value, sibling); msg != "" {
		v.problems.add(p, msg)
	}
}

func (v *appValidator) valueProblem(r FieldRule, value, sibling string) string {
	m := r.Messages
	if r.Kind == KindBool {
		switch {
		case value != "true" && value != "false" && value != "":
			return m[MsgInvalid]
		case r.Required && value != "true":
			return m[MsgRequired]
		}
		return ""
	}
	if value == "" {
		if r.Required || v.holds(r.RequiredWhen, sibling) {
			return m[MsgRequired]
		}
		return ""
	}
	if r.Max > 0 && utf8.RuneCountInString(value) > r.Max {
		return m[MsgTooLong]
	}
	if r.Kind == KindText {
		if strings.IndexFunc(value, isControlExceptNewline) >= 0 {
			return m[MsgChars]
		}
	} else if strings.IndexFunc(value, isLineBreakOrControl) >= 0 || hasInvisibleFormat(value) {
		return m[MsgChars]
	}
	if r.Pattern != "" && !applicationPatterns[r.Pattern].MatchString(value) {
		return m[MsgInvalid]
	}
	switch r.Kind {
	case KindEmail:
		if local, _, _ := strings.Cut(value, "@"); len(local) > r.LocalMax {
			return m[MsgInvalid]
		}
	case KindOption:
		if !slices.Contains(r.Options, value) {
			return m[MsgInvalid]
		}
	case KindDate:
		return v.dateProblem(r, value, sibling)
	case KindDecimal:
		return v.decimalProblem(r, value, sibling)
	case KindNationalID:
		if _, ok := NationalIDFormatOf(v.fields[r.FormatBy]); ok {
			return NationalIDProblem(v.fields[r.FormatBy], value)
		}
	}
	return ""
}

// holds reports whether a condition on a field of the same entry holds.
func (v *appValidator) holds(c *Condition, sibling string) bool {
	if c == nil {
		return false
	}
	other := v.fields[sibling+c.Field]
	if c.Filled {
		return other != ""
	}
	return slices.Contains(c.In, other)
}

func (v *appValidator) dateProblem(r FieldRule, value, sibling string) string {
	if !validDate(value) {
		return r.Messages[MsgInvalid]
	}
	if r.Within != nil && v.today != "" {
		// Dates in YYYY-MM-DD order as text; see YearSpan.
		if value < shiftYears(v.today, r.Within.From) {
			return r.Messages[MsgEarly]
		}
		if value > shiftYears(v.today, r.Within.To) {
			return r.Messages[MsgLate]
		}
	}
	if r.NotBefore != "" {
		if other := v.fields[sibling+r.NotBefore]; validDate(other) && value < other {
			return r.Messages[MsgOrder]
		}
	}
	return ""
}

// validDate reports whether s is a real calendar date written YYYY-MM-DD.
func validDate(s string) bool {
	if !applicationPatterns[DatePattern].MatchString(s) {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// shiftYears moves a YYYY-MM-DD date by whole years, keeping month and
// day as they are (a bound, compared as text; it need not be a real date).
// The year is clamped to 0000–9999 so the text stays comparable.
func shiftYears(day string, years int) string {
	y, _ := strconv.Atoi(day[:4])
	y = min(max(y+years, 0), 9999)
	return leftPad(strconv.Itoa(y), 4) + day[4:]
}

func leftPad(s string, n int) string {
	return strings.Repeat("0", max(n-len(s), 0)) + s
}

func (v *appValidator) decimalProblem(r FieldRule, value, sibling string) string {
	if _, frac, ok := strings.Cut(value, "."); ok && len(frac) > r.Decimals {
		return r.Messages[MsgStep]
	}
	by := v.fields[sibling+r.RangeBy]
	rng, ok := r.Ranges[by]
	if !ok {
		return "" // the RangeBy field has its own message
	}
	n, err := strconv.ParseFloat(value, 64)
	if err != nil {
		return r.Messages[MsgInvalid]
	}
	if n < float64(rng.Min) || n > float64(rng.Max) {
		return r.Messages[MsgRangePrefix+by]
	}
	return ""
}
