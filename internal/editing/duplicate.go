package editing

import (
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// JobTitleMax is the longest job title, in characters.
const JobTitleMax = 150

// CopyOfJob is the draft a "Duplicate" of job j makes: every field of j,
// titled "Copy of <title>" (cut to JobTitleMax characters), a draft that
// has never been published, with a new ID and no closing date in the past
// of now (the copy would be expired before it is published).
func CopyOfJob(j domain.Job, now time.Time) domain.Job {
	c := j
	c.ID = ""
	c.Status = domain.JobDraft
	c.CreatedAt, c.UpdatedAt = time.Time{}, time.Time{}
	c.Version, c.UpdatedBy = 0, ""
	c.JobTitle = cut("Copy of "+j.JobTitle, JobTitleMax)
	c.ClosingDate = nil
	if j.ClosingDate != nil && domain.ClosesAt(j.ClosingDate).After(now) {
		c.ClosingDate = ptr(*j.ClosingDate)
	}
	if j.YearsMin != nil {
		c.YearsMin = ptr(*j.YearsMin)
	}
	if j.YearsMax != nil {
		c.YearsMax = ptr(*j.YearsMax)
	}
	return c
}

func ptr[T any](v T) *T { return &v }

// cut is s cut to at most n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// RestoredJob is job cur with the fields a member of staff edits taken
// from revision rev: the status, dates of its life and version stay cur's.
func RestoredJob(cur, rev domain.Job) domain.Job {
	j := cur
	j.JobTitle, j.Experience, j.Location, j.LocationID = rev.JobTitle, rev.Experience, rev.Location, rev.LocationID
	j.Department, j.DepartmentID, j.Workplace = rev.Department, rev.DepartmentID, rev.Workplace
	j.YearsMin, j.YearsMax, j.Description = rev.YearsMin, rev.YearsMax, rev.Description
	j.EmploymentType, j.SalaryMin, j.SalaryMax, j.ClosingDate = rev.EmploymentType, rev.SalaryMin, rev.SalaryMax, rev.ClosingDate
	return j
}
