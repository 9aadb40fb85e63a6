package storetest

import (
	"testing"

	"corpsite/internal/domain"
)

// boardTests are the contract cases of the recruiters' counts: by job
// and stage, for the jobs list and each job's board.
var boardTests = []contractTest{
	{"Board/CountByJobAndStatus", testBoardCounts},
}

func testBoardCounts(t *testing.T, s domain.Store) {
	ctx := t.Context()
	got, err := s.CountApplicationsByJob(ctx, "")
	must(t, err, "CountApplicationsByJob on an empty store")
	checkDiff(t, "counts of an empty store", []domain.StageCount{}, got)

	inboxFixture(t, s)
	// app-04 (job-b) is suspected spam: it is counted nowhere.
	all := []domain.StageCount{
		{JobID: "gone-job", Status: domain.StatusNew, N: 1},
		{JobID: "job-a", Status: domain.StatusInterview, N: 1},
		{JobID: "job-a", Status: domain.StatusReviewing, N: 1},
		{JobID: "job-b", Status: domain.StatusNew, N: 1},
		{JobID: "job-b", Status: domain.StatusRejected, N: 1},
	}
	got, err = s.CountApplicationsByJob(ctx, "")
	must(t, err, "CountApplicationsByJob")
	checkDiff(t, "counts of every job", all, got)

	// An application moved counts at its new stage only.
	_, err = s.SetApplicationStatus(ctx, "app-02", domain.StatusOffer, at(day(11)))
	must(t, err, "SetApplicationStatus")
	got, err = s.CountApplicationsByJob(ctx, "job-b")
	must(t, err, "CountApplicationsByJob(job-b)")
	checkDiff(t, "counts of job-b", []domain.StageCount{
		{JobID: "job-b", Status: domain.StatusOffer, N: 1},
		{JobID: "job-b", Status: domain.StatusRejected, N: 1},
	}, got)

	got, err = s.CountApplicationsByJob(ctx, "no-such-job")
	must(t, err, "CountApplicationsByJob of a job with none")
	checkDiff(t, "counts of a job with none", []domain.StageCount{}, got)
}
