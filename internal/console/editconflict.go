package console

import (
	"corpsite/internal/domain"
	"corpsite/internal/editing"
	"corpsite/internal/wire"
)

var errRevisionNotFound = domain.Errorf(domain.ENotFound, "That version is not kept (only the last 50 are).")

// editConflict is a save's conflict with the stored item, which the error
// body carries (wire.APIError.Conflict) for the editor to compare.
type editConflict struct {
	*editing.Conflict
	body wire.EditConflict
}

func (e *editConflict) EditConflict() *wire.EditConflict { return &e.body }
func (e *editConflict) Unwrap() error                    { return e.Conflict }

// staffName is how a save names st (see editing.StaffName).
func staffName(st *Staff) string {
	if st == nil {
		return ""
	}
	return editing.StaffName(st.Name, st.Email)
}
