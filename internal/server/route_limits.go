package server

// The limits of the routes that take a body; the mechanism (body limits,
// read deadlines) is httpcore's.

import (
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
)

// Limits of the routes that take a body.
var (
	// formLimits are for small JSON forms (contact, comments).
	formLimits = httpcore.Limits{MaxBody: 64 << 10, ReadTimeout: 10 * time.Second}
	// uploadLimits are for a job application with its files
	// (POST /api/jobs/{id}/applications). The body holds the largest
	// application the rules allow: a resume, an ID document and every
	// certification at their size limits, the JSON part, and room for
	// the multipart framing (part headers and boundaries).
	// The first 30 seconds are for the headers and the JSON part; the
	// handler extends them for the files once the text is valid and the
	// client within its rate limit, so a client trickling bytes without
	// ever getting there holds a connection for 30 seconds, not 10
	// minutes.
	uploadLimits = httpcore.Limits{
		MaxBody: domain.ResumeMaxBytes + (1+domain.MaxCertifications)*domain.DocumentMaxBytes +
			applyJSONMax + uploadFramingSlack,
		ReadTimeout:   30 * time.Second,
		UploadTimeout: 10 * time.Minute,
		MinRate:       uploadMinRate,
		RateWindow:    uploadRateWindow,
	}
)

// The least rate of an application's files: an upload bringing less than
// uploadMinRate bytes a second, averaged over uploadRateWindow of waiting
// for the client, is stopped (408), and its upload slot freed. At that
// rate a 2 MB resume takes under two minutes.
const (
	uploadMinRate    = 20 << 10
	uploadRateWindow = 30 * time.Second
)

// maxUploads is how many applications may stream their files at once,
// server-wide: each holds a connection, a temporary file and blob writes
// for minutes. More are refused (503), not queued, so a flood of slow
// uploads cannot pile up behind the ones in progress.
const maxUploads = 32

// uploadFramingSlack is what uploadLimits allows beyond the parts' own
// limits: far more than the framing of a dozen parts takes.
const uploadFramingSlack = 1 << 20
