package storetest

import (
	"fmt"
	"testing"
	"time"

	"corpsite/internal/domain"
)

// National-ID documents may be kept for less time than applications: the
// document goes, the application stays.
func testAppClearIDDocuments(t *testing.T, s domain.Store) {
	ctx := t.Context()
	var apps []domain.Application
	for i, x := range []struct {
		updated time.Duration
		doc     bool
	}{{-day(20), true}, {-day(5), true}, {-day(20), false}, {-day(30), true}} {
		a := newApp("job-1", fmt.Sprintf("p%d@example.com", i), fmt.Sprint(i))
		a.ID, a.AppliedAt, a.UpdatedAt = fixedID("app", i), at(-day(40)), at(x.updated)
		if !x.doc {
			a.NationalIDDocumentKey = ""
		}
		apps = append(apps, a)
	}
	// app-03 shares its ID document with app-01, which keeps it.
	apps[3].NationalIDDocumentKey = apps[1].NationalIDDocumentKey
	for i := range apps {
		_, err := s.SaveApplication(ctx, &apps[i], domain.SaveOptions{})
		must(t, err, "SaveApplication")
	}

	keys, err := s.ClearNationalIDDocumentsBefore(ctx, at(-day(10)))
	must(t, err, "ClearNationalIDDocumentsBefore")
	checkDiff(t, "returned keys", []string{apps[0].NationalIDDocumentKey}, sorted(keys))
	for i, a := range apps {
		got, err := s.GetApplication(ctx, a.ID)
		must(t, err, "GetApplication")
		if i == 0 || i == 3 {
			a.NationalIDDocumentKey = ""
		}
		checkDiff(t, fmt.Sprintf("application %d", i), a, got)
	}
	for k, want := range map[string]bool{
		apps[0].NationalIDDocumentKey: false,
		apps[0].ResumeKey:             true,
		apps[1].NationalIDDocumentKey: true,
	} {
		ok, err := s.BlobKeyReferenced(ctx, k)
		must(t, err, "BlobKeyReferenced")
		if ok != want {
			t.Errorf("BlobKeyReferenced(%q) = %v, want %v", k, ok, want)
		}
	}
	keys, err = s.ClearNationalIDDocumentsBefore(ctx, at(-day(10)))
	must(t, err, "ClearNationalIDDocumentsBefore again")
	if len(keys) != 0 {
		t.Errorf("second ClearNationalIDDocumentsBefore returned %v", keys)
	}
	// The boundary is exclusive, as for DeleteApplicationsBefore.
	keys, err = s.ClearNationalIDDocumentsBefore(ctx, apps[1].UpdatedAt)
	must(t, err, "ClearNationalIDDocumentsBefore at a stored time")
	if len(keys) != 0 {
		t.Errorf("ClearNationalIDDocumentsBefore(its own UpdatedAt) returned %v", keys)
	}
	keys, err = s.ClearNationalIDDocumentsBefore(ctx, apps[1].UpdatedAt.Add(time.Nanosecond))
	must(t, err, "ClearNationalIDDocumentsBefore")
	checkDiff(t, "returned keys", []string{apps[1].NationalIDDocumentKey}, sorted(keys))
}
