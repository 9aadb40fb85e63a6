//go:build race

package docfile

// raceEnabled: the race detector allocates every object on its own,
// without the tiny allocator, so what a decode allocates is not what it
// allocates in production.
const raceEnabled = true
