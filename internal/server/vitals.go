package server

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
	"corpsite/internal/wire"
)

// Real-user Core Web Vitals: the public pages send one beacon per page view.
const (
	// vitalsMaxBody bounds a beacon: a route pattern and four numbers
	// take about 100 bytes.
	vitalsMaxBody = 1 << 10
	// vitalsLimit beacons per vitalsWindow are recorded from one client,
	// far more than a person reading pages sends.
	vitalsLimit  = 60
	vitalsWindow = 10 * time.Minute
)

// vitalsLimits are the form limits with a tiny body.
func (s *Server) vitalsLimits() httpcore.Limits {
	l := s.formLimits
	l.MaxBody = vitalsMaxBody
	return l
}

// routeWildcard matches a ServeMux path wildcard such as {id}.
var routeWildcard = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// vitalsRoutes are the route patterns a beacon may name: the site's pages
// in the web app's syntax ("/job/:id"), as web/src/gen/wire.ts has them.
var vitalsRoutes = sync.OnceValue(func() map[string]bool {
	set := make(map[string]bool, len(pageRoutes))
	for _, p := range pageRoutes {
		set[routeWildcard.ReplaceAllString(p.path, ":$1")] = true
	}
	return set
})

// POST /api/vitals: records one page view's Core Web Vitals in the day's
// aggregates of its route and answers 204 with no body. Nothing about the
// visitor is kept: no address, user agent, URL or cookie.
func (s *Server) apiVitals(w http.ResponseWriter, r *http.Request) {
	if err := s.recordVitals(w, r); err != nil {
		httpcore.Fail(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) recordVitals(w http.ResponseWriter, r *http.Request) error {
	var b wire.VitalsBeacon
	if err := decodeBeacon(r, &b); err != nil {
		return err
	}
	values, err := validateBeacon(b)
	if err != nil {
		return httpcore.WithStatus(err, http.StatusBadRequest)
	}
	ok, retry, err := s.store.Allow(r.Context(), "vitals:"+httpcore.ClientKey(r), vitalsLimit, vitalsWindow, s.now())
	if err != nil {
		return err
	}
	if !ok {
		httpcore.SetRetryAfter(w, retry)
		return domain.Errorf(domain.ETooMany, "Too many measurements from this address. They are recorded again in a few minutes.")
	}
	return s.store.RecordVitals(r.Context(), s.today(), b.Route, values)
}

// decodeBeacon reads a beacon strictly, like httpcore.DecodeJSON reads a form: one
// JSON object naming only the beacon's fields. navigator.sendBeacon sends
// a string as text/plain, so that is accepted beside application/json.
func decodeBeacon(r *http.Request, b *wire.VitalsBeacon) error {
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "application/json" && ct != "text/plain" {
		return httpcore.WithStatus(domain.Errorf(domain.EInvalid, "Send the measurements as JSON (Content-Type: application/json or text/plain)."), http.StatusUnsupportedMediaType)
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	err := dec.Decode(b)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = httpcore.ErrTrailingData
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return domain.Errorf(httpcore.CodeTooLarge, "The measurements are larger than 1 KiB.")
	case httpcore.IsTimeout(err):
		return domain.Errorf(httpcore.CodeTimeout, "The measurements took too long to arrive.")
	default:
		// A number too large for float64 (1e999) lands here too.
		return httpcore.WithStatus(domain.Errorf(domain.EInvalid,
			`The measurements could not be read: send one JSON object {"route": …, "metrics": {"lcp": …, "inp": …, "cls": …, "ttfb": …}} with numbers.`),
			http.StatusBadRequest)
	}
}

// validateBeacon checks b and returns its measurements by metric.
func validateBeacon(b wire.VitalsBeacon) (map[domain.VitalsMetric]float64, error) {
	fields := map[string]string{}
	switch {
	case b.Route == "":
		fields["route"] = "Name the page's route pattern, e.g. /job/:id."
	case !vitalsRoutes()[b.Route]:
		fields["route"] = "Not a route pattern of this site: send the pattern (e.g. /job/:id), not the address."
	}
	values := map[domain.VitalsMetric]float64{}
	for m, v := range map[domain.VitalsMetric]*float64{
		domain.VitalLCP: b.Metrics.LCP, domain.VitalINP: b.Metrics.INP,
		domain.VitalCLS: b.Metrics.CLS, domain.VitalTTFB: b.Metrics.TTFB,
	} {
		if v == nil {
			continue
		}
		if !m.ValidValue(*v) {
			fields["metrics."+string(m)] = vitalsRangeMessage(m)
			continue
		}
		values[m] = *v
	}
	if len(values) == 0 && len(fields) == 0 {
		fields["metrics"] = "Send at least one measurement: lcp, inp, cls or ttfb."
	}
	if len(fields) > 0 {
		return nil, &domain.Error{Code: domain.EInvalid, Message: "The measurements are not valid; nothing was recorded.", Fields: fields}
	}
	return values, nil
}

// vitalsRangeMessage says what values of m are accepted.
func vitalsRangeMessage(m domain.VitalsMetric) string {
	name := strings.ToUpper(string(m))
	if m == domain.VitalCLS {
		return name + " must be a number from 0 to " + formatNumber(m.Max()) + "."
	}
	return name + " must be a number of milliseconds from 0 to " + formatNumber(m.Max()) + "."
}

// formatNumber writes a limit without an exponent or trailing zeros.
func formatNumber(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// zone is the site's one time zone (content/site.json), UTC when unset:
// the console's day filters and the days of measurements are its days.
func (s *Server) zone() *time.Location {
	if s.content != nil && s.content.Location != nil {
		return s.content.Location
	}
	return time.UTC
}

// today is the current date in the site's time zone, as midnight UTC:
// the day a measurement is counted in.
func (s *Server) today() time.Time { return domain.VitalsToday(s.now(), s.zone()) }
