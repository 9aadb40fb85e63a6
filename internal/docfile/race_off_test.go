//go:build !race

package docfile

const raceEnabled = false
