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
// perClient submissions per client, and the last reserved only to a
// client with none in flight. Repeats of one submission (the same
// idempotency key: a double click, a retry racing the first request) are
// one submission of the client's, each holding a slot of the total.
// byClient holds an entry only for a client holding a slot, and each
// entry's keys only the keys in flight, so neither has more than total
// entries.
type slots struct {
	mu        sync.Mutex
	total     int
	perClient int
	reserved  int
	inUse     int
	byClient  map[string]*clientSlots
}

// clientSlots are one client's submissions in flight: by idempotency key,
// and those without one.
type clientSlots struct {
	keys    map[string]int
	keyless int
}

// submissions is how many different submissions the client has in flight.
func (c *clientSlots) submissions() int {
	if c == nil {
		return 0
	}
	return len(c.keys) + c.keyless
}

func newSlots(total, perClient, reserved int) *slots {
	total = max(total, 1)
	return &slots{total: total, perClient: max(perClient, 1), reserved: min(max(reserved, 0), total/4),
		byClient: make(map[string]*clientSlots, total)}
}

// take gives client's submission with idempotency key ("" = none) a
// slot, or tells why it has none: a *domain.Refused, EBusy when the
// server is full, ETooMany when the client has its share.
func (s *slots) take(client, key string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.byClient[client]
	held := c.submissions()
	repeat := key != "" && c != nil && c.keys[key] > 0
	switch {
	case held >= s.perClient && !repeat:
		return nil, &domain.Refused{Err: domain.Errorf(domain.ETooMany, msgClientBusy), Retry: ClientBusyRetry}
	case s.inUse >= s.total, held > 0 && s.inUse >= s.total-s.reserved:
		return nil, &domain.Refused{Err: domain.Errorf(domain.EBusy, msgBusy), Retry: BusyRetry}
	}
	if c == nil {
		c = &clientSlots{keys: map[string]int{}}
		s.byClient[client] = c
	}
	s.inUse++
	if key == "" {
		c.keyless++
	} else {
		c.keys[key]++
	}
	var once sync.Once
	return func() { once.Do(func() { s.give(client, key) }) }, nil
}

// give returns the slot of client's submission with key.
func (s *slots) give(client, key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inUse--
	c := s.byClient[client]
	if key == "" {
		c.keyless--
	} else if c.keys[key]--; c.keys[key] == 0 {
		delete(c.keys, key)
	}
	if c.submissions() == 0 {
		delete(s.byClient, client)
	}
}

// counts are the slots taken and the clients holding them.
func (s *slots) counts() (inUse, clients int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inUse, len(s.byClient)
}
