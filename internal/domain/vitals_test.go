package domain

import (
	"math"
	"testing"
)

func TestVitalsBucketEdgesAndPrecision(t *testing.T) {
	for _, m := range VitalsMetrics {
		unit := 1.0
		if m == VitalCLS {
			unit = 0.001
		}
		if b := VitalsBucket(m, 0); b != 0 {
			t.Errorf("%s: bucket of 0 = %d, want 0", m, b)
		}
		if b := VitalsBucket(m, unit*0.999); b != 0 {
			t.Errorf("%s: bucket below one unit = %d, want 0", m, b)
		}
		if b := VitalsBucket(m, unit); b != 1 {
			t.Errorf("%s: bucket of one unit = %d, want 1", m, b)
		}
		if b := VitalsBucket(m, m.Max()); b > 116 {
			t.Errorf("%s: bucket of the largest value = %d, want at most 116", m, b)
		}
		// Every value is read back within the stated precision, and
		// buckets grow with the value.
		prev := 0
		for v := unit; v <= m.Max(); v *= 1.013 {
			b := VitalsBucket(m, v)
			if b < prev {
				t.Fatalf("%s: bucket of %v = %d, below the bucket of a smaller value (%d)", m, v, b, prev)
			}
			prev = b
			if got := VitalsBucketValue(m, b); math.Abs(got-v) > VitalsPrecision*v {
				t.Fatalf("%s: %v is read back as %v, more than %.2f%% off", m, v, got, 100*VitalsPrecision)
			}
		}
	}
	// A value on a bucket's lower edge belongs to that bucket.
	for b := 1; b < 100; b++ {
		edge := math.Pow(VitalsBucketRatio, float64(b-1))
		if got := VitalsBucket(VitalLCP, edge); got != b {
			t.Errorf("edge %v of bucket %d went to bucket %d", edge, b, got)
		}
	}
}

func TestVitalsHistogramPercentile(t *testing.T) {
	h := VitalsHistogram{}
	if h.Percentile(VitalLCP, 0.75) != 0 || h.Count() != 0 {
		t.Error("an empty histogram has a percentile or a count")
	}
	// 3 fast views and 1 slow: the 75th percentile (3rd of 4) is fast.
	for _, v := range []float64{1000, 1010, 1020, 9000} {
		h[VitalsBucket(VitalLCP, v)]++
	}
	if got := h.Percentile(VitalLCP, 0.75); math.Abs(got-1020) > VitalsPrecision*1020 {
		t.Errorf("p75 of 3 fast views and 1 slow = %v, want about 1020", got)
	}
	h[VitalsBucket(VitalLCP, 9000)]++ // now the 4th of 5 is slow
	if got := h.Percentile(VitalLCP, 0.75); math.Abs(got-9000) > VitalsPrecision*9000 {
		t.Errorf("p75 of 3 fast views and 2 slow = %v, want about 9000", got)
	}
	o := VitalsHistogram{0: 10}
	o.Merge(h)
	if o.Count() != 15 || o.Percentile(VitalLCP, 0.75) == 0 || o.Percentile(VitalLCP, 0.5) != 0 {
		t.Errorf("merged histogram %v: count %d, p75 %v, p50 %v", o, o.Count(), o.Percentile(VitalLCP, 0.75), o.Percentile(VitalLCP, 0.5))
	}
}

func TestVitalsRateAndValid(t *testing.T) {
	for _, c := range []struct {
		m    VitalsMetric
		v    float64
		want string
	}{
		{VitalLCP, 2500, RatingGood}, {VitalLCP, 2501, RatingNeedsImprovement}, {VitalLCP, 4000, RatingNeedsImprovement}, {VitalLCP, 4001, RatingPoor},
		{VitalINP, 200, RatingGood}, {VitalINP, 500, RatingNeedsImprovement}, {VitalINP, 501, RatingPoor},
		{VitalCLS, 0.1, RatingGood}, {VitalCLS, 0.25, RatingNeedsImprovement}, {VitalCLS, 0.26, RatingPoor},
		{VitalTTFB, 800, RatingGood}, {VitalTTFB, 1800, RatingNeedsImprovement}, {VitalTTFB, 1801, RatingPoor},
	} {
		if got := c.m.Rate(c.v); got != c.want {
			t.Errorf("%s.Rate(%v) = %q, want %q", c.m, c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		m    VitalsMetric
		v    float64
		want bool
	}{
		{VitalLCP, 0, true}, {VitalLCP, 60000, true}, {VitalLCP, 60000.1, false}, {VitalLCP, -0.1, false},
		{VitalLCP, math.NaN(), false}, {VitalLCP, math.Inf(1), false}, {VitalCLS, 10, true}, {VitalCLS, 11, false},
		{"fid", 10, false},
	} {
		if got := c.m.ValidValue(c.v); got != c.want {
			t.Errorf("%s.ValidValue(%v) = %v, want %v", c.m, c.v, got, c.want)
		}
	}
}
