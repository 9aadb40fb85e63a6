package domain

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// FileMeta is what the rules need to know of an uploaded document.
type FileMeta struct {
	Name string `json:"name"` // the file name the browser sent
	Size int64  `json:"size"` // bytes
}

// ValidateForm checks the flattened, normalised fields of a form against
// its rules (see FieldRule) and returns path → message for every field
// that fails, or nil when all pass. today (YYYY-MM-DD) anchors the date
// bounds; when it is not a date (a form without dates passes ""), the
// bounds are not checked. File rules are left to ValidateFiles.
func ValidateForm(rules *RuleSet, fields map[string]string, today string) map[string]string {
	if !validDate(today) {
		today = ""
	}
	v := formValidator{rules: rules, fields: fields, today: today, problems: fieldErrors{}}
	for _, r := range rules.Fields {
		switch {
		case r.Kind == KindCount:
			if n := v.count(r.Path); n > r.Max {
				v.problems.add(r.Path, r.Messages[MsgTooMany])
			}
		case r.Kind == KindFile:
			// ValidateFiles
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
	return v.result()
}

// ValidateFiles checks the documents that came with a form against its
// file rules: files maps their part names ("resume", "certification.0") to
// what was received, fields are the form's (for the number of entries a
// list's documents belong to). It returns part → message for every part
// that fails, or nil. A part no rule names gets rules.UnexpectedFile.
func ValidateFiles(rules *RuleSet, fields map[string]string, files map[string]FileMeta) map[string]string {
	v := formValidator{rules: rules, fields: fields, problems: fieldErrors{}}
	for _, r := range rules.Fields {
		if r.Kind == KindFile {
			v.checkFiles(r, files)
		}
	}
	for part := range files {
		if _, ok := rules.fileRule(part); !ok {
			v.problems.add(part, rules.UnexpectedFile)
		}
	}
	return v.result()
}

// FormError returns the error an API answers for the problems ValidateForm
// or ValidateFiles found, or nil when there are none.
func FormError(problems map[string]string) error {
	return fieldErrors(problems).err()
}

// fileRule returns the rule of a file part, and false for a part name no
// rule has (list indices must be plain decimals: "certification.01" or
// "certification.+1" would not be the same entry twice).
func (rs *RuleSet) fileRule(part string) (FieldRule, bool) {
	for _, r := range rs.Fields {
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

// isIndex reports whether s is a list index as the fields write it:
// decimal digits without a leading zero, at most four of them.
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

// isBlankEntry reports whether every field of entry i of a list is empty,
// the fields its count rule's BlankIgnores names excepted.
func (rs *RuleSet) isBlankEntry(fields map[string]string, list string, i int) bool {
	lr := rs.Rule(list)
	prefix := list + "." + strconv.Itoa(i) + "."
	for _, r := range rs.Fields {
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

// formPatterns holds the compiled Patterns of the tables, by source.
var formPatterns sync.Map

// compiled returns the compiled regular expression of a table's pattern.
// The tables are fixed and their patterns tested, so a pattern that does
// not compile is a programming error.
func compiled(pattern string) *regexp.Regexp {
	if re, ok := formPatterns.Load(pattern); ok {
		return re.(*regexp.Regexp)
	}
	re, _ := formPatterns.LoadOrStore(pattern, regexp.MustCompile(pattern))
	return re.(*regexp.Regexp)
}

// formValidator holds one run of ValidateForm or ValidateFiles.
type formValidator struct {
	rules    *RuleSet
	fields   map[string]string
	today    string
	problems fieldErrors
}

func (v *formValidator) result() map[string]string {
	if len(v.problems) == 0 {
		return nil
	}
	return v.problems
}

// count returns the number of entries a list claims, 0 when unreadable.
func (v *formValidator) count(list string) int {
	n, err := strconv.Atoi(v.fields[list])
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// entries returns how many entries of a list are checked: all of them,
// but no more than the list's limit, so that a forged count cannot make
// the server loop.
func (v *formValidator) entries(list string) int {
	return min(v.count(list), v.rules.Rule(list).Max)
}

// ignored reports whether entry i of a list is the blank first entry the
// form always shows, which is no entry at all (FieldRule.IgnoreBlankFirst).
func (v *formValidator) ignored(list string, i int) bool {
	if i != 0 || !v.rules.Rule(list).IgnoreBlankFirst {
		return false
	}
	return v.rules.isBlankEntry(v.fields, list, i)
}

// checkFiles checks the documents of one file rule.
func (v *formValidator) checkFiles(r FieldRule, files map[string]FileMeta) {
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
func (v *formValidator) checkValue(r FieldRule, p, sibling string) {
	value := v.fields[p]
	if msg := v.valueProblem(r, value, sibling); msg != "" {
		v.problems.add(p, msg)
	}
}

func (v *formValidator) valueProblem(r FieldRule, value, sibling string) string {
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
	if r.Kind == KindNationalID {
		value = NormalizeNationalID(v.fields[r.FormatBy], value)
	}
	if value == "" {
		if r.Required || v.holds(r.RequiredWhen, sibling) {
			return m[MsgRequired]
		}
		return ""
	}
	if n := utf8.RuneCountInString(value); n < r.Min {
		return m[MsgTooShort]
	} else if r.Max > 0 && n > r.Max {
		return m[MsgTooLong]
	}
	if r.Kind == KindText {
		if strings.IndexFunc(value, isControlExceptNewline) >= 0 || (r.NoBidi && hasBidiControl(value)) {
			return m[MsgChars]
		}
	} else if strings.IndexFunc(value, isLineBreakOrControl) >= 0 || hasInvisibleFormat(value) {
		return m[MsgChars]
	}
	if r.Pattern != "" && !compiled(r.Pattern).MatchString(value) {
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
	case KindPhone:
		return phoneLengthProblem(r, v.fields[r.RegionBy], value)
	case KindNationalID:
		// An unknown type has the type field's message, and the number none.
		if f, ok := NationalIDFormatOf(v.fields[r.FormatBy]); ok {
			return f.problem(value)
		}
	}
	return ""
}

// holds reports whether a condition on a field of the same entry holds.
func (v *formValidator) holds(c *Condition, sibling string) bool {
	if c == nil {
		return false
	}
	other := v.fields[sibling+c.Field]
	if c.Filled {
		return other != ""
	}
	return slices.Contains(c.In, other)
}

func (v *formValidator) dateProblem(r FieldRule, value, sibling string) string {
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
	if !compiled(DatePattern).MatchString(s) {
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

func (v *formValidator) decimalProblem(r FieldRule, value, sibling string) string {
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
