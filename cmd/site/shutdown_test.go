package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"corpsite/internal/testwait"
)

// Stopped while it compresses its assets in the background (brotli at its
// best takes seconds), the site stops that and waits for it before it has
// shut down: the compression's last log line, saying it was stopped,
// comes before the line saying the site has shut down.
func TestShutdownStopsAndWaitsForAssetCompression(t *testing.T) {
	t.Parallel()
	site := startSite(t)
	compressing := false
	defer func() {
		if !compressing {
			t.Logf("the site's log:\n%s", site.log.String())
		}
	}()
	testwait.Eventually(t, time.Minute, "the site to start compressing its assets", func() bool {
		return strings.Contains(site.log.String(), `"msg":"compressing assets"`)
	})
	compressing = true
	site.stop(t)
	log := site.log.String()
	compressed := false
	for line := range strings.Lines(log) {
		var l struct {
			Msg     string
			Stopped *bool
		}
		if json.Unmarshal([]byte(line), &l) != nil {
			continue
		}
		switch l.Msg {
		case "assets compressed":
			compressed = true
			if l.Stopped == nil || !*l.Stopped {
				t.Errorf("the compression ran to its end although the site was stopping: %s", line)
			}
		case "shut down":
			if !compressed {
				t.Errorf("the site shut down before the compression of assets ended:\n%s", log)
			}
			return
		}
	}
	t.Errorf("the site's log has no \"shut down\" line:\n%s", log)
}
