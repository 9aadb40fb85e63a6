package siteimport

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
)

// defaultLocation is the spec's location preference when neither the
// applicant nor the job gives one.
const defaultLocation = "Hyderabad"

// NoConsent is the consent version of an imported application: the
// original form showed no data notice and asked for no consent, and an
// import must not claim otherwise (its consent time stays zero).
const NoConsent = "none (imported from the original site, which showed no notice)"

// application is one decoded document of jobApplications.
type application struct {
	id  string // original
	doc ApplicationDoc
}

func (rn *run) applicationsStep(ctx context.Context, c *Collection, docs map[string]json.RawMessage) error {
	// The site keeps one application per job and address (a later one
	// replaces the earlier); the original kept every submission. Of
	// several, the latest is imported.
	var apps []application
	latest := map[string]application{}
	for _, id := range slices.Sorted(maps.Keys(docs)) {
		var d ApplicationDoc
		if !decode(c, id, docs[id], &d) {
			continue
		}
		a := application{id, d}
		apps = append(apps, a)
		k := dupKey(d)
		if l, ok := latest[k]; !ok || !d.AppliedAt.Before(l.doc.AppliedAt.Time) {
			latest[k] = a
		}
	}
	var todo []application
	for _, a := range apps {
		if l := latest[dupKey(a.doc)]; l.id != a.id && strings.TrimSpace(a.doc.Email) != "" {
			c.skip(a.id, "a later application from the same address to the same job (%s) is imported instead", l.id)
			continue
		}
		// The jobs are looked up here, once each, so that the workers
		// only read rn.jobs.
		if id := strings.TrimSpace(a.doc.JobID); id != "" {
			if _, err := rn.haveJob(ctx, LocalID(id)); err != nil {
				return err
			}
		}
		todo = append(todo, a)
	}
	// Several at once: checking and storing files and committing each
	// application mostly wait for the disk, and the waits overlap.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	work := make(chan application)
	var wg sync.WaitGroup
	for range min(Workers, max(len(todo), 1)) {
		wg.Go(func() {
			for a := range work {
				if err := rn.application(ctx, c, a.id, a.doc); err != nil {
					cancel(fmt.Errorf("application %s: %w", a.id, err))
				}
			}
		})
	}
feed:
	for _, a := range todo {
		select {
		case work <- a:
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	return context.Cause(ctx)
}

// Workers is how many applications are imported at once.
const Workers = 4

func dupKey(d ApplicationDoc) string {
	return LocalID(strings.TrimSpace(d.JobID)) + "\x00" + strings.ToLower(strings.TrimSpace(d.Email))
}

// application imports one application document.
func (rn *run) application(ctx context.Context, c *Collection, id string, d ApplicationDoc) error {
	email := strings.TrimSpace(d.Email)
	jobID := LocalID(strings.TrimSpace(d.JobID))
	switch {
	case email == "":
		c.skip(id, "email is empty")
		return nil
	case strings.TrimSpace(d.JobID) == "":
		c.skip(id, "jobId is empty")
		return nil
	case d.AppliedAt.IsZero():
		c.skip(id, "appliedAt is missing (the retention period counts from it)")
		return nil
	}
	if cut := rn.now.AddDate(0, 0, -rn.RetentionDays); d.AppliedAt.Before(cut) {
		c.skip(id, "applied on %s, longer ago than the %d days applications are kept", d.AppliedAt.Format(time.DateOnly), rn.RetentionDays)
		return nil
	}
	if !rn.jobs[jobID] {
		c.skip(id, "its job %q is neither in the export nor on the site", d.JobID)
		return nil
	}
	localID := LocalID(id)
	old, err := rn.Store.GetApplication(ctx, localID)
	switch {
	case err == nil:
		var diff differs
		diff.check("jobId", old.JobID == jobID)
		diff.check("email", strings.EqualFold(old.Email, email))
		diff.check("appliedAt", sameTime(old.AppliedAt, d.AppliedAt.Time))
		diff.tally(c, id)
		return nil
	case !domain.IsNotFound(err):
		return err
	}
	// Saving would replace an application sent to the site itself.
	same, err := rn.Store.ListApplications(ctx, domain.ApplicationFilter{JobID: jobID, Email: email, Limit: 1})
	if err != nil {
		return err
	}
	if len(same) > 0 {
		c.skip(id, "the site already has an application from this address to this job (reference %s)", same[0].Reference)
		return nil
	}

	a := rn.applicationOf(ctx, localID, jobID, d)
	if err := rn.nationalID(c, id, &a, d); err != nil {
		return err
	}
	var keys []string
	stored := false
	defer func() {
		if !stored {
			for _, k := range keys {
				if err := rn.Blobs.Delete(context.WithoutCancel(ctx), k); err != nil {
					rn.Log.Error("deleting an imported document", "key", k, "err", err)
				}
			}
		}
	}()
	doc := func(ref, label, part, folder, name string, kind docfile.Kind) (string, error) {
		if strings.TrimSpace(ref) == "" {
			return "", nil
		}
		checked, why, err := rn.checkFile(ctx, kind, part, ref)
		if err != nil {
			return "", err
		}
		if why != "" {
			c.note(id, "%s %s Imported without it.", label, sentence(why))
			return "", nil
		}
		defer checked.Remove()
		if rn.DryRun {
			return "", nil
		}
		key := domain.NewBlobKey(folder, name, rn.now, checked.Ext)
		f, err := checked.Open()
		if err != nil {
			return "", err
		}
		defer f.Close()
		keys = append(keys, key) // before Put: a half-written blob is deleted too
		if err := rn.Blobs.Put(ctx, key, f, checked.ContentType); err != nil {
			return "", domain.BlobErr("store", key, err)
		}
		return key, nil
	}
	if a.ResumeKey, err = doc(d.ResumeURL, "resume", domain.ResumePart, domain.BlobResumes, a.FullName, docfile.Resume); err != nil {
		return err
	}
	if ref := d.NationalIDDocumentURL; strings.TrimSpace(ref) != "" {
		if d.AppliedAt.Before(rn.now.AddDate(0, 0, -rn.IDDocumentRetentionDays)) {
			c.note(id, "national ID document not imported: older than the %d days ID documents are kept", rn.IDDocumentRetentionDays)
		} else if a.NationalIDDocumentKey, err = doc(ref, "national ID document", domain.IDDocumentPart, domain.BlobNationalIDs, a.NationalIDType, docfile.IDDocument); err != nil {
			return err
		}
	}
	for i, cd := range d.Certifications {
		if i >= domain.MaxCertifications {
			c.note(id, "certifications after the first %d not imported (the form takes no more)", domain.MaxCertifications)
			break
		}
		cert := domain.Certification{Name: strings.TrimSpace(cd.Name)}
		part := domain.CertificationPartPrefix + strconv.Itoa(i)
		if cert.DocumentKey, err = doc(cd.DocumentURL, "certification document "+strconv.Itoa(i+1), part, domain.BlobCertifications, cert.Name, docfile.Certification); err != nil {
			return err
		}
		a.Certifications = append(a.Certifications, cert)
	}
	if !rn.DryRun {
		res, err := rn.Store.SaveApplication(ctx, &a, domain.SaveOptions{})
		if err != nil {
			return err
		}
		stored = true
		if !res.Created {
			return fmt.Errorf("replaced application %s instead of creating it (sent to the site meanwhile?)", a.ID)
		}
	}
	c.count(true)
	return nil
}

// applicationOf maps the document's fields (files and the national ID
// number apart) onto an application, with the spec's defaults.
func (rn *run) applicationOf(ctx context.Context, localID, jobID string, d ApplicationDoc) domain.Application {
	t := strings.TrimSpace
	a := domain.Application{
		ID: localID, JobID: jobID,
		FirstName: t(d.FirstName), MiddleName: t(d.MiddleName), LastName: t(d.LastName), FullName: t(d.FullName),
		Email: t(d.Email), PhoneCountryCode: t(d.PhoneCountryCode), PhoneNumber: digits(string(d.PhoneNumber)),
		Address: t(d.Address), LinkedIn: t(d.LinkedIn), Website: t(d.Website),
		LocationPreference: t(d.LocationPreference), AvailabilityDate: t(string(d.AvailabilityDate)),
		CoverLetter: strings.TrimSpace(strings.ReplaceAll(d.CoverLetter, "\r\n", "\n")), HeardFrom: t(d.HeardFrom),
		EligibleToWork: bool(d.EligibleToWork), WillingToRelocate: bool(d.WillingToRelocate),
		Gender: t(d.Gender), DisabilityStatus: t(d.DisabilityStatus),
		AppliedAt: d.AppliedAt.Time, UpdatedAt: d.AppliedAt.Time, ConsentVersion: NoConsent,
	}
	if a.FullName == "" {
		a.FullName = strings.Join(strings.Fields(a.FirstName+" "+a.MiddleName+" "+a.LastName), " ")
	}
	if a.PhoneCountryCode == "" {
		a.PhoneCountryCode = "+91"
	}
	if a.LocationPreference == "" {
		a.LocationPreference = defaultLocation
		if j, err := rn.Store.GetJob(ctx, jobID); err == nil && j.Location != "" {
			a.LocationPreference = j.Location
		}
	}
	for _, s := range d.Skills {
		if s = t(s); s != "" {
			a.Skills = append(a.Skills, s)
		}
	}
	for _, w := range d.WorkExperiences {
		a.WorkExperiences = append(a.WorkExperiences, domain.WorkExperience{
			JobTitle: t(w.JobTitle), CompanyName: t(w.CompanyName), StartDate: t(string(w.StartDate)),
			EndDate: t(string(w.EndDate)), Responsibilities: t(w.Responsibilities),
		})
	}
	for _, e := range d.Educations {
		ed := domain.Education{
			Level: t(e.Level), Institution: t(e.Institution), Location: t(e.Location),
			GraduationDate: t(string(e.GraduationDate)), ScoreType: t(e.ScoreType), Score: t(string(e.Score)),
		}
		// As the form stores it: a board for 10th and 12th, a degree
		// and field for the other levels.
		if domain.IsBoardLevel(ed.Level) {
			ed.BoardName = t(e.BoardName)
		} else {
			ed.Degree, ed.FieldOfStudy = t(e.Degree), t(e.FieldOfStudy)
		}
		a.Educations = append(a.Educations, ed)
	}
	return a
}

// nationalID checks the number for its type's format, as the form does,
// and seals it; a number that fails is left out and noted (the rest of
// the application is still worth having), and never written anywhere.
func (rn *run) nationalID(c *Collection, id string, a *domain.Application, d ApplicationDoc) error {
	typ := strings.TrimSpace(d.NationalIDType)
	number := strings.TrimSpace(string(d.NationalIDNumber))
	if _, ok := domain.NationalIDFormatOf(typ); !ok {
		if typ != "" || number != "" {
			c.note(id, "nationalIdType %q is not one the form offers; imported without the type and number", typ)
		}
		return nil
	}
	a.NationalIDType = typ
	if number == "" {
		return nil
	}
	if problem := domain.NationalIDProblem(typ, number); problem != "" {
		c.note(id, "nationalIdNumber refused (%s); imported without it", problem)
		return nil
	}
	canonical := domain.NormalizeNationalID(typ, number)
	a.NationalIDLast4 = domain.NationalIDLastFour(typ, canonical)
	if rn.DryRun {
		return nil
	}
	sealed, err := rn.Keys.Seal([]byte(canonical))
	if err != nil {
		return fmt.Errorf("seal national ID: %w", err)
	}
	a.NationalIDNumberEnc = sealed
	return nil
}

func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) && r < 128 {
			return r
		}
		return -1
	}, s)
}
