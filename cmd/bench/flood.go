package main

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// floodRequests is the number of requests of each half of the flood, as
// the flood check of the speed work sends them.
const floodRequests = 4500

// floodParallel is the number of requests the flood keeps in flight.
const floodParallel = 16

// benchFlood prints what a flood of unknown addresses costs the site in
// memory: from the site at rest (memory given back), 4,500 requests of the
// cached home page, then 4,500 of unknown addresses (/no-such-page-N,
// /job/zzN, /?utm_source=N in turn), 16 at once, from curl (another
// process, so the client's memory is not counted); the resident memory
// before and after, its growth, and the Go heap in use after. Without curl
// or /proc it says so and measures nothing. It never fails on the figures.
func benchFlood(site string) error {
	curl := lookPath("curl")
	if curl == "" || rssBytes() == 0 {
		fmt.Println("Flood of unknown addresses: not measured, curl or /proc/self/status is missing")
		return nil
	}
	dir, err := os.MkdirTemp("", "bench-flood-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	write := func(name string, url func(i int) string) (string, error) {
		var b strings.Builder
		for i := range floodRequests {
			fmt.Fprintf(&b, "url = \"%s%s\"\noutput = \"/dev/null\"\n", site, url(i))
		}
		p := filepath.Join(dir, name)
		return p, os.WriteFile(p, []byte(b.String()), 0o600)
	}
	same, err := write("same", func(int) string { return "/" })
	if err != nil {
		return err
	}
	n := rand.Uint32()
	unknown, err := write("unknown", func(i int) string {
		switch i % 3 {
		case 0:
			return "/no-such-page-" + strconv.FormatUint(uint64(n), 10) + "-" + strconv.Itoa(i)
		case 1:
			return "/job/zz" + strconv.FormatUint(uint64(n), 10) + strconv.Itoa(i)
		}
		return "/?utm_source=" + strconv.FormatUint(uint64(n), 10) + strconv.Itoa(i)
	})
	if err != nil {
		return err
	}
	flood := func(config string) (time.Duration, error) {
		t0 := time.Now()
		cmd := exec.Command(curl, "-s", "-K", config, "--parallel", "--parallel-max", strconv.Itoa(floodParallel))
		err := cmd.Run()
		return time.Since(t0), err
	}
	runtime.GC()
	debug.FreeOSMemory()
	before := rssBytes()
	hits, err1 := flood(same)
	misses, err2 := flood(unknown)
	if err := cmp.Or(err1, err2); err != nil {
		// A request curl could not make (a connection refused under load)
		// is reported with the figures, not a failure of the benchmark.
		fmt.Printf("Flood: curl reported an error (%v); the figures below count what was answered\n", err)
	}
	after := rssBytes()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("Flood (%d requests of / then %d of unknown addresses, %d at once, curl): %s and %s; resident memory %d -> %d MB, grown by %d MB; Go heap in use %d MB\n",
		floodRequests, floodRequests, floodParallel, hits.Round(time.Millisecond), misses.Round(time.Millisecond),
		before>>20, after>>20, (after-before)>>20, ms.HeapInuse>>20)
	return nil
}
