package postgres

import (
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// PostgreSQL's "busy" states (a lock timeout, a serialization failure, a
// deadlock, too many connections) are busy; other failures are not.
func TestIsBusy(t *testing.T) {
	for code, want := range map[string]bool{
		"55P03": true, "40001": true, "40P01": true, "53300": true,
		"23505": false, "42P01": false, "57014": false,
	} {
		err := fmt.Errorf("postgres: SaveApplication: %w", &pgconn.PgError{Code: code})
		if got := isBusy(err); got != want {
			t.Errorf("isBusy(%s) = %v, want %v", code, got, want)
		}
	}
	if isBusy(errors.New("connection refused")) {
		t.Error("a refused connection is busy")
	}
}
