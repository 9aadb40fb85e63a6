package app

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The uploads folder holds documents while they are checked, before they
// go to blob storage. Each run of the site keeps them in a folder of its
// own (run-*), locked while the run lives, so that a start removes every
// document a crashed run left, at once, without touching those of other
// instances sharing the data folder.
const (
	// runPrefix starts the name of a run's folder; newPrefix the name it
	// has while it is made (before its lock is held), which the sweep
	// leaves to age.
	runPrefix = "run-"
	newPrefix = "new-"
	// docfilePrefix starts the name of the files the document checks
	// write (internal/docfile); earlier versions wrote them in the
	// uploads folder itself.
	docfilePrefix = "docfile-"
	// lockName is the lock file of a run's folder.
	lockName = ".lock"
)

// errLockHeld is a lock another open file holds.
var errLockHeld = errors.New("app: lock held")

// runSpool is this run's folder for documents being checked.
type runSpool struct {
	dir  string
	lock *os.File
}

// openRunSpool makes this run's folder under uploads and holds its lock
// until close.
func openRunSpool(uploads string) (*runSpool, error) {
	tmp, err := os.MkdirTemp(uploads, newPrefix)
	if err != nil {
		return nil, fmt.Errorf("app: make the uploads folder of this run: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(tmp, lockName), os.O_CREATE|os.O_RDWR, 0o600)
	if err == nil {
		err = lockFile(f)
	}
	dir := filepath.Join(uploads, runPrefix+strings.TrimPrefix(filepath.Base(tmp), newPrefix))
	if err == nil {
		err = os.Rename(tmp, dir) // the lock stays with the open file
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("app: make the uploads folder of this run: %w", err)
	}
	return &runSpool{dir: dir, lock: f}, nil
}

// close lets the lock go and removes the folder.
func (s *runSpool) close() {
	if s == nil {
		return
	}
	s.lock.Close()
	os.RemoveAll(s.dir)
}

// removeStaleUploads deletes what earlier runs left in the uploads folder
// dir: a run's folder whose lock nobody holds (the run ended or crashed)
// at once, whatever its age; a folder still being made, or a document
// check's file left in dir itself, once older than age (longer than any
// upload takes, so it is no other instance's work in progress). Nothing
// else in dir is touched.
func removeStaleUploads(dir string, age time.Duration, log *slog.Logger) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		log.Warn("read uploads folder", "err", err)
		return
	}
	removed := 0
	for _, e := range entries {
		name := e.Name()
		var stale bool
		switch {
		case e.IsDir() && strings.HasPrefix(name, runPrefix):
			stale = lockFree(filepath.Join(dir, name, lockName))
		case strings.HasPrefix(name, newPrefix), strings.HasPrefix(name, docfilePrefix):
			info, err := e.Info()
			stale = err == nil && time.Since(info.ModTime()) >= age
		}
		if !stale {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
			log.Warn("remove stale upload", "err", err)
			continue
		}
		removed++
	}
	if removed > 0 {
		log.Info("removed stale uploads", "count", removed)
	}
}

// lockFree reports whether the lock file at path exists and nobody holds
// its lock.
func lockFree(path string) bool {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	return lockFile(f) == nil // closing f lets it go
}
