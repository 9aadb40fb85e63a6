package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"corpsite/internal/domain"
)

// Delivery policy. A message that cannot be sent waits FirstRetry after
// its first failed attempt and twice as long after each further one, up
// to MaxRetryWait; after MaxAttempts attempts it is given up (failed)
// and stays in the outbox for staff to see. With these values a message
// is tried for about four hours.
const (
	FirstRetry   = time.Minute
	MaxRetryWait = time.Hour
	MaxAttempts  = 10
)

// Sender rounds.
const (
	// BatchSize is the most messages one round claims.
	BatchSize = 10
	// Lease is how long claimed messages belong to this sender: longer
	// than a round can take (BatchSize sessions of SessionTimeout), so that
	// another instance never sends a message this one is still sending.
	Lease = 2 * BatchSize * SessionTimeout
	// PollInterval is how often the sender looks for due messages when
	// nothing wakes it (retries, and mail queued by other instances).
	PollInterval = 30 * time.Second
	// claimTimeout bounds a claim, which a shutdown does not interrupt.
	claimTimeout = 10 * time.Second
	// maxErrorLen bounds the error kept with a message.
	maxErrorLen = 500
)

// RetryWait returns how long a message waits after its attempt-th failed
// attempt (1 for the first).
func RetryWait(attempt int) time.Duration {
	wait := FirstRetry
	for i := 1; i < attempt && wait < MaxRetryWait; i++ {
		wait *= 2
	}
	return min(wait, MaxRetryWait)
}

// SenderOptions are the dependencies of a Sender.
type SenderOptions struct {
	Store     domain.OutboxStore
	Transport Transport
	// From is the sender address of every message, possibly with a name.
	From   string
	Logger *slog.Logger
	// Now is the clock; nil means time.Now. Tests move a fake one.
	Now func() time.Time
	// PollInterval overrides the package's PollInterval when positive.
	PollInterval time.Duration
}

// Sender sends what the outbox holds. Create it with NewSender and run it
// with Run; Nudge wakes it when mail was queued.
type Sender struct {
	store     domain.OutboxStore
	transport Transport
	from      string
	log       *slog.Logger
	now       func() time.Time
	poll      time.Duration
	nudge     chan struct{}
}

// NewSender returns a Sender. From must be an address.
func NewSender(o SenderOptions) (*Sender, error) {
	if o.Store == nil || o.Transport == nil {
		return nil, errors.New("mail: NewSender: Store and Transport are required")
	}
	if _, err := mail.ParseAddress(o.From); err != nil {
		return nil, fmt.Errorf("mail: NewSender: the From address does not parse: %w", err)
	}
	s := &Sender{
		store: o.Store, transport: o.Transport, from: o.From,
		log: o.Logger, now: o.Now, poll: o.PollInterval,
		nudge: make(chan struct{}, 1),
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.poll <= 0 {
		s.poll = PollInterval
	}
	return s, nil
}

// Nudge wakes the sender for a round now. It never blocks: nudges that
// arrive while one is pending are one.
func (s *Sender) Nudge() {
	select {
	case s.nudge <- struct{}{}:
	default:
	}
}

// Run sends due mail until ctx ends: a round at start, then one after
// each nudge or poll interval, and further rounds at once while rounds
// come back full. A message being sent when ctx ends is finished.
func (s *Sender) Run(ctx context.Context) {
	s.log.Info("mail sender started", "transport", s.transport.String())
	tick := time.NewTicker(s.poll)
	defer tick.Stop()
	for {
		for ctx.Err() == nil {
			n, err := s.SendDue(ctx)
			if err != nil {
				if ctx.Err() == nil {
					s.log.Error("mail round failed", "err", err)
				}
				break
			}
			if n < BatchSize {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-s.nudge:
		}
	}
}

// SendDue runs one round: it claims up to BatchSize due messages, sends
// each and records the outcome. It returns how many it claimed. When ctx
// ends during a round, the message in hand is finished and the others
// are put back, due at once.
func (s *Sender) SendDue(ctx context.Context) (claimed int, err error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// Store calls run to their end even when ctx ends meanwhile: a claim
	// cut short could be committed without this sender learning what it
	// took (the messages would wait out the lease), and a message that
	// went out must be recorded, or it would be sent again.
	record := context.WithoutCancel(ctx)
	cctx, cancel := context.WithTimeout(record, claimTimeout)
	msgs, err := s.store.ClaimOutbox(cctx, s.now(), Lease, BatchSize)
	cancel()
	if err != nil {
		return 0, err
	}
	for i, m := range msgs {
		if ctx.Err() != nil {
			for _, rest := range msgs[i:] {
				if err := s.store.RetryOutbox(record, rest.ID, rest.Attempts, s.now(), rest.LastError); err != nil {
					s.log.Warn("mail: putting back a claimed message failed", "id", rest.ID, "err", err)
				}
			}
			break
		}
		// A lease about to run out may already be another sender's:
		// leave the message to it (or to the next round).
		if s.now().Add(SessionTimeout).After(m.NextAttemptAt) {
			continue
		}
		s.send(record, m)
	}
	return len(msgs), nil
}

// send delivers one claimed message and records the outcome through
// record, a context that outlives a shutdown.
func (s *Sender) send(record context.Context, m domain.OutboxMessage) {
	msg, err := Compose(m, s.from)
	if err != nil {
		// The message itself is broken: no retry can help.
		s.log.Error("mail given up: cannot compose", "id", m.ID, "err", err)
		if err := s.store.FailOutbox(record, m.ID, m.Attempts, short(err.Error())); err != nil {
			s.log.Warn("mail: recording a failure failed", "id", m.ID, "err", err)
		}
		return
	}
	// The session runs to its end even if ctx ends meanwhile: it is
	// bounded by SessionTimeout, and cutting it could leave the server
	// with the message and the outbox without knowing.
	err = s.transport.Send(record, msg)
	now := s.now()
	switch {
	case err == nil:
		if err := s.store.MarkOutboxSent(record, m.ID, m.Attempts, now); err != nil {
			s.log.Warn("mail sent but not recorded; it may be sent again", "id", m.ID, "err", err)
			return
		}
		s.log.Info("mail sent", "id", m.ID, "attempt", m.Attempts)
	case m.Attempts >= MaxAttempts:
		s.log.Error("mail given up", "id", m.ID, "attempts", m.Attempts, "err", err)
		if err := s.store.FailOutbox(record, m.ID, m.Attempts, short(err.Error())); err != nil {
			s.log.Warn("mail: recording a failure failed", "id", m.ID, "err", err)
		}
	default:
		next := now.Add(RetryWait(m.Attempts))
		s.log.Warn("mail not sent; will retry", "id", m.ID, "attempt", m.Attempts, "retry_at", next, "err", err)
		if err := s.store.RetryOutbox(record, m.ID, m.Attempts, next, short(err.Error())); err != nil {
			s.log.Warn("mail: recording a retry failed", "id", m.ID, "err", err)
		}
	}
}

// short makes a server's error text fit to keep: valid UTF-8 without NUL
// bytes (PostgreSQL refuses both in text), at most maxErrorLen bytes.
func short(s string) string {
	s = strings.ReplaceAll(strings.ToValidUTF8(s, "?"), "\x00", "")
	if len(s) <= maxErrorLen {
		return s
	}
	s = s[:maxErrorLen]
	// The cut may have split the last character.
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
