package server_test

import (
	"net/http"
	"strings"
	"testing"

	"corpsite/internal/domain"
	"corpsite/internal/server"
	"corpsite/internal/wire"
)

var listAdmin = server.Staff{ID: "staff-lists", Email: "lists@site.test", Name: "Lists", Role: domain.RoleAdmin}

// TestAdminJobLists: an admin keeps the lists; a job stored with text
// that names no entry is listed until an entry for it is added, which
// maps it; an entry in use is not deleted, and a rename reaches the pages.
func TestAdminJobLists(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	old := f.createJob(t, "Pune Analyst", domain.JobOpen, nil)
	lo, hi := 2, 4
	old.Location, old.LocationID, old.YearsMin, old.YearsMax = "Pune", "", &lo, &hi
	if err := f.store.UpdateJob(t.Context(), &old); err != nil {
		t.Fatal(err)
	}

	lists := decodeInto[wire.JobLists](t, f.admin(t, contentRecruiter, "GET", "/api/admin/job-lists", nil))
	if len(lists.Locations) != 2 || len(lists.Unmapped) != 1 || lists.Unmapped[0].ID != old.ID ||
		strings.Join(lists.Unmapped[0].Facts, ",") != "location" {
		t.Fatalf("lists = %+v", lists)
	}

	// Duplicates are refused whatever their case, naming the entry.
	res := f.admin(t, listAdmin, "POST", "/api/admin/job-locations", wire.JobLocationInput{Name: "Pune", Aliases: []string{"BANGALORE"}})
	if res.Status != http.StatusConflict || errorFields(t, res)["aliases"] != `"BANGALORE" is already a name or alias of Bengaluru.` {
		t.Errorf("duplicate alias: %d %s", res.Status, res.Body)
	}
	res = f.admin(t, listAdmin, "POST", "/api/admin/job-locations", wire.JobLocationInput{Name: " "})
	if res.Status != http.StatusUnprocessableEntity || errorFields(t, res)["name"] != "Enter a name." {
		t.Errorf("empty name: %d %s", res.Status, res.Body)
	}
	res = f.admin(t, listAdmin, "POST", "/api/admin/job-departments", wire.JobDepartmentInput{Name: strings.Repeat("d", 61)})
	if res.Status != http.StatusUnprocessableEntity || errorFields(t, res)["name"] != "A name must be at most 60 characters." {
		t.Errorf("long name: %d %s", res.Status, res.Body)
	}

	// Adding Pune maps the job at once.
	res = f.admin(t, listAdmin, "POST", "/api/admin/job-locations", wire.JobLocationInput{Name: "Pune", Aliases: []string{"Poona"}})
	if res.Status != http.StatusCreated {
		t.Fatalf("add Pune: %d %s", res.Status, res.Body)
	}
	pune := decodeInto[wire.JobLocation](t, res)
	if got, _ := f.store.GetJob(t.Context(), old.ID); got.LocationID != pune.ID {
		t.Errorf("the Pune job was not mapped: %q", got.LocationID)
	}
	lists = decodeInto[wire.JobLists](t, f.admin(t, contentRecruiter, "GET", "/api/admin/job-lists", nil))
	if len(lists.Unmapped) != 0 {
		t.Errorf("unmapped after adding Pune: %+v", lists.Unmapped)
	}
	if !strings.Contains(f.get(t, "/api/jobs/search?location=poona").Body, "Pune Analyst") {
		t.Error("a search by the new alias does not find the job")
	}

	// In use: not deleted, with how many jobs say so.
	res = f.admin(t, listAdmin, "DELETE", "/api/admin/job-locations/"+pune.ID, nil)
	if res.Status != http.StatusConflict || !strings.Contains(res.Body, "1 job uses it") {
		t.Errorf("delete in use: %d %s", res.Status, res.Body)
	}
	// A rename reaches the job's page.
	res = f.admin(t, listAdmin, "PUT", "/api/admin/job-locations/"+pune.ID, wire.JobLocationInput{Name: "Pune City", Aliases: []string{"Pune"}})
	if res.Status != http.StatusOK {
		t.Fatalf("rename: %d %s", res.Status, res.Body)
	}
	if body := f.get(t, "/job/"+old.ID).Body; !strings.Contains(body, "Pune City") {
		t.Error("the job page does not show the new name")
	}
	if res := f.admin(t, listAdmin, "DELETE", "/api/admin/job-locations/nope", nil); res.Status != http.StatusNotFound {
		t.Errorf("delete unknown: %d", res.Status)
	}
}
