package server

import (
	"testing"
	"time"

	"corpsite/internal/domain"
	"corpsite/internal/httpcore"
)

// The application route's limits hold the largest application the rules
// allow, and its deadlines are ordered: a short one for the request's
// beginning, a long one for the files, the forms' within the default.
func TestRouteLimitsFitTheirForms(t *testing.T) {
	if uploadLimits.MaxBody < maxApplication {
		t.Errorf("upload limit %d bytes, want at least the largest application's %d", uploadLimits.MaxBody, maxApplication)
	}
	if uploadLimits.UploadTimeout <= httpcore.ReadTimeout || formLimits.ReadTimeout > httpcore.ReadTimeout {
		t.Errorf("read deadlines: upload %v, form %v, default %v; want upload > default >= form",
			uploadLimits.UploadTimeout, formLimits.ReadTimeout, httpcore.ReadTimeout)
	}
	if uploadLimits.ReadTimeout >= uploadLimits.UploadTimeout || uploadLimits.ReadTimeout > time.Minute {
		t.Errorf("upload route's first deadline %v, want well under its upload deadline %v",
			uploadLimits.ReadTimeout, uploadLimits.UploadTimeout)
	}
}

// maxApplication is the size of the largest application the rules allow:
// every document at its limit, the longest JSON part, and the framing of
// its parts (a generous 1 KiB each).
const maxApplication = domain.ResumeMaxBytes + (1+domain.MaxCertifications)*domain.DocumentMaxBytes +
	applyJSONMax + (2+domain.MaxCertifications+1)*1024
