package auth

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"corpsite/internal/testwait"
)

// A flood of sign-ins waits only up to maxHashWaiters deep; the next one
// is refused at once instead of queueing. Not parallel: it fills the
// package's hash slots, which every hash in the process shares.
func TestAcquireRefusesPastTheWaitingBound(t *testing.T) {
	for range cap(hashSlots) {
		hashSlots <- struct{}{}
	}
	defer func() {
		for range cap(hashSlots) {
			<-hashSlots
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, maxHashWaiters)
	for range maxHashWaiters {
		go func() { done <- acquire(ctx) }()
	}
	testwait.Eventually(t, 10*time.Second, fmt.Sprintf("%d waiters for a hash slot", maxHashWaiters), func() bool {
		return hashWaiters.Load() >= maxHashWaiters
	})
	if err := acquire(context.Background()); !errors.Is(err, ErrBusy) {
		t.Errorf("acquire past %d waiters = %v, want ErrBusy", maxHashWaiters, err)
	}
	cancel()
	for range maxHashWaiters {
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("a waiter got %v, want its context's end", err)
		}
	}
	if n := hashWaiters.Load(); n != 0 {
		t.Errorf("%d waiters left", n)
	}
}
