package careers

import (
	"sync"
	"time"

	"corpsite/internal/domain"
)

// Upload slots: how the submissions streaming their documents share the
// server. A slot is taken once the text is valid and held until the
// submission ends.
const (
	// UploadsPerClient is how many submissions one client (a network, as
	// its rate-limit key names it) may stream at once.
	UploadsPerClient = 2
	// ReservedUploads is how many slots are kept for clients with no
	// upload in flight: a client with one already streaming cannot take
	// the last ones. At most a quarter of the slots are kept so.
	ReservedUploads = 4
	// ClientBusyRetry is how long a client refused for its uploads in
	// flight is asked to wait: about as long as a slow upload takes.
	ClientBusyRetry = 30 * time.Second
)

// msgClientBusy refuses a client that already streams UploadsPerClient
// submissions.
const msgClientBusy = "Your earlier applications are still uploading. Please wait until they finish, then submit again."

// slots shares the upload slots out: at most total at once, at most
// perClient per client, and the last reserved only to a client with
// none in flight. byClient holds an entry only for a client holding a
// slot, so it never has more than total entries.
type slots struct {
	mu        sync.Mutex
	total     int
	perClient int
	reserved  int
	inUse     int
	byClient  map[string]int
}

func newSlots(total, perClient, reserved int) *slots {
	total = max(total, 1)
	return &slots{total: total, perClient: max(perClient, 1), reserved: min(max(reserved, 0), total/4),
		byClient: make(map[string]int, total)}
}

// take gives client a slot, or tells why it has none: a *domain.Refused,
// EBusy when the server is full, ETooMany when the client has its share.
func (s *slots) take(client string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	held := s.byClient[client]
	switch {
	case held >= s.perClient:
		return nil, &domain.Refused{Err: domain.Errorf(domain.ETooMany, msgClientBusy), Retry: ClientBusyRetry}
	case s.inUse >= s.total, held > 0 && s.inUse >= s.total-s.reserved:
		return nil, &domain.Refused{Err: domain.Errorf(domain.EBusy, msgBusy), Retry: BusyRetry}
	}
	s.inUse++
	s.byClient[client] = held + 1
	var once sync.Once
	return func() { once.Do(func() { s.give(client) }) }, nil
}

// give returns one of client's slots.
func (s *slots) give(client string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inUse--
	if n := s.byClient[client] - 1; n > 0 {
		s.byClient[client] = n
	} else {
		delete(s.byClient, client)
	}
}

// counts are the slots taken and the clients holding them.
func (s *slots) counts() (inUse, clients int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inUse, len(s.byClient)
}
