package storetest

import (
	"fmt"
	"reflect"
	"strings"
	"time"
)

var timeType = reflect.TypeFor[time.Time]()

// diff returns "" when want and got are equal, or one line per difference
// in the style "path: -want +got". Times are equal when they denote the
// same instant in the same location; a nil slice differs from an empty one.
func diff(want, got any) string {
	var b strings.Builder
	walk(&b, "", reflect.ValueOf(want), reflect.ValueOf(got))
	return b.String()
}

// checkDiff fails t with a "mismatch (-want +got)" report when want and
// got differ.
func checkDiff(t testingT, what string, want, got any) {
	t.Helper()
	if d := diff(want, got); d != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", what, d)
	}
}

// testingT is the part of *testing.T that checkDiff uses.
type testingT interface {
	Helper()
	Errorf(format string, args ...any)
}

func walk(b *strings.Builder, path string, w, g reflect.Value) {
	report := func(ws, gs string) {
		p := path
		if p == "" {
			p = "(value)"
		}
		fmt.Fprintf(b, "  %s: -%s +%s\n", p, ws, gs)
	}
	if !w.IsValid() || !g.IsValid() {
		if w.IsValid() != g.IsValid() {
			report(show(w), show(g))
		}
		return
	}
	if w.Type() != g.Type() {
		report(w.Type().String(), g.Type().String())
		return
	}
	if w.Type() == timeType {
		wt, gt := w.Interface().(time.Time), g.Interface().(time.Time)
		if !wt.Equal(gt) || wt.Location().String() != gt.Location().String() {
			report(wt.Format(time.RFC3339Nano), gt.Format(time.RFC3339Nano))
		}
		return
	}
	switch w.Kind() {
	case reflect.Pointer, reflect.Interface:
		if w.IsNil() || g.IsNil() {
			if w.IsNil() != g.IsNil() {
				report(show(w), show(g))
			}
			return
		}
		walk(b, path, w.Elem(), g.Elem())
	case reflect.Struct:
		for i := range w.NumField() {
			walk(b, path+"."+w.Type().Field(i).Name, w.Field(i), g.Field(i))
		}
	case reflect.Slice, reflect.Array:
		if w.Kind() == reflect.Slice && w.IsNil() != g.IsNil() {
			report(show(w), show(g))
			return
		}
		for i := range max(w.Len(), g.Len()) {
			p := fmt.Sprintf("%s[%d]", path, i)
			switch {
			case i >= g.Len():
				fmt.Fprintf(b, "  %s: -%s +(missing)\n", p, show(w.Index(i)))
			case i >= w.Len():
				fmt.Fprintf(b, "  %s: -(missing) +%s\n", p, show(g.Index(i)))
			default:
				walk(b, p, w.Index(i), g.Index(i))
			}
		}
	default:
		if !reflect.DeepEqual(w.Interface(), g.Interface()) {
			report(show(w), show(g))
		}
	}
}

func show(v reflect.Value) string {
	if !v.IsValid() {
		return "(invalid)"
	}
	if (v.Kind() == reflect.Slice || v.Kind() == reflect.Pointer) && v.IsNil() {
		return "nil " + v.Type().String()
	}
	if v.Type() == timeType {
		return v.Interface().(time.Time).Format(time.RFC3339Nano)
	}
	return fmt.Sprintf("%#v", v.Interface())
}
