package careers

import (
	"errors"
	"syscall"
	"time"

	"corpsite/internal/domain"
)

// StorageRetry is how long an applicant turned away because the server
// cannot store the application (a full disk, a busy database) is asked to
// wait.
const StorageRetry = 5 * time.Minute

// msgCannotStore tells an applicant that the server, not the application,
// is the problem, and that trying again later is all it takes.
const msgCannotStore = "Our server cannot store your application right now. Nothing was saved; please try again in a few minutes."

// storageRefusal is err, a failure of the store, the spool or the blob
// storage, as the applicant is told it: a full disk (ENOSPC, EDQUOT) or a
// busy database (domain.EBusy from the store) turns the submission away
// for now (a *domain.Refused, EBusy, answered 503 with Retry-After and
// logged with its cause); anything else is returned unchanged. The
// submission's stored documents are deleted as for any failure.
func storageRefusal(err error) error {
	if err == nil || !(isStorageFull(err) || domain.ErrorCode(err) == domain.EBusy) {
		return err
	}
	var refused *domain.Refused
	if errors.As(err, &refused) {
		return err // already told (no upload slot free)
	}
	return &domain.Refused{Err: &domain.Error{Code: domain.EBusy, Message: msgCannotStore, Err: err}, Retry: StorageRetry}
}

// isStorageFull reports a write refused for want of disk space or quota.
func isStorageFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
