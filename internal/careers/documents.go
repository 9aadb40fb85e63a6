package careers

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"

	"corpsite/internal/docfile"
	"corpsite/internal/domain"
)

// ReadError is a document that could not be taken in for a reason other
// than its content: the request's body failed (too large, too slow, cut
// off, the client gone) or the check could not run. The caller marks the
// failures of the readers it hands over by returning them as *ReadError
// from Read, gets them back from AddDocument, and tells the client what
// went wrong with its request; Err is the cause.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return e.Err.Error() }
func (e *ReadError) Unwrap() error { return e.Err }

// documents are a submission's documents as they are stored.
type documents struct {
	// received counts the parts handed over, good or not.
	received int
	// keys are the blobs stored so far; they are deleted unless the
	// application that references them is committed.
	keys      []string
	committed bool
	// leaveToSweeper is set when it is unknown whether the application
	// was stored: its files stay for the orphan sweeper to judge.
	leaveToSweeper bool
	// metas describe the received documents for the rules table (keyed
	// by part name); resume, idDoc and certs are their blob keys.
	metas  map[string]domain.FileMeta
	resume string
	idDoc  string
	certs  []string
}

func newDocuments(certifications int) documents {
	return documents{metas: map[string]domain.FileMeta{}, certs: make([]string, certifications)}
}

// AddDocument checks the document of the form's part (its file name as
// the browser sent it, its content read from r) and puts it in blob
// storage; call it after Admit, once per part. A part that is not an
// expected document, comes twice or is one too many refuses the whole
// submission (EInvalid). A document refused for its name, size or content
// is an EInvalid error naming its part; a failure to read it is a
// *ReadError.
func (sub *Submission) AddDocument(ctx context.Context, part, fileName string, r io.Reader) error {
	if sub.docs.received == MaxDocuments {
		return domain.Errorf(domain.EInvalid, "The application carries more documents than the form allows.")
	}
	sub.docs.received++
	d, err := sub.document(part)
	if err != nil {
		return err
	}
	if _, seen := sub.docs.metas[part]; seen {
		return domain.Errorf(domain.EInvalid, "The %s was sent twice. Please reload the page and try again.", d.label)
	}
	if fileName == "" {
		return domain.FieldError(part, "Attach the "+d.label+" as a file.")
	}
	// The name first: what a browser may send of a path goes, then what
	// is wrong with the rest is said; then the rules' words (length,
	// extension); then docfile reads the content and judges it by what
	// it is.
	fileName, msg := CleanFileName(d.label, fileName)
	if msg == "" {
		msg = domain.CheckFileName(part, fileName)
	}
	if msg != "" {
		return domain.FieldError(part, msg)
	}
	cr := &countingReader{r: r}
	checked, err := docfile.Check(ctx, d.kind, fileName, cr, sub.svc.tempDir)
	if err != nil {
		return sub.refusal(part, fileName, cr, err)
	}
	defer checked.Remove()
	key := domain.NewBlobKey(d.folder, d.name, sub.now, checked.Ext)
	rc, err := checked.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	sub.docs.keys = append(sub.docs.keys, key) // before Put: a half-written blob is deleted too
	if err := sub.svc.blobs.Put(ctx, key, rc, checked.ContentType); err != nil {
		// Blob errors quote the key, which carries a slug of the
		// applicant's name, and a failed request's error is logged.
		return storageRefusal(domain.BlobErr("store", key, err))
	}
	sub.docs.metas[part] = domain.FileMeta{Name: fileName, Size: checked.Size}
	*d.slot = key
	return nil
}

// refusal is what a failed check of part's document (read through cr)
// tells: a refusal of the document, a full disk (storageRefusal), or a
// *ReadError for the caller.
func (sub *Submission) refusal(part, fileName string, cr *countingReader, err error) error {
	var re *ReadError
	if errors.As(err, &re) {
		return re
	}
	if isStorageFull(err) {
		// The spool file could not be written: the server's fault.
		return storageRefusal(err)
	}
	var refused *domain.Refused
	if errors.As(err, &refused) {
		// No room to check it now (the decode budget is taken): the
		// document is fine as far as anyone knows; come back later.
		return refused
	}
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.EInvalid {
		// Not a judgement of the document (a cancelled request among
		// them): the caller tells the client.
		return &ReadError{Err: err}
	}
	// An empty (read to its end, no byte) or too large file gets the
	// rules' words, which the form shows for it too; anything else,
	// docfile's.
	if (cr.eof && cr.n == 0) || cr.n > domain.FileMaxBytes(part) {
		if msg := domain.CheckFileMeta(part, fileName, cr.n); msg != "" {
			return domain.FieldError(part, msg)
		}
	}
	return domain.FieldError(part, de.Message)
}

// document is what the use case knows of an expected document part.
type document struct {
	kind   docfile.Kind
	folder string  // blob folder
	label  string  // the document in messages
	name   string  // readable part of the blob key (the spec's layout)
	slot   *string // where its blob key goes
}

// document tells what a part is, or refuses a part the form never sends.
// Blob keys carry the applicant's name for a resume, the ID type for an
// ID document and the certification's name for a certificate.
func (sub *Submission) document(part string) (document, error) {
	switch part {
	case domain.ResumePart:
		return document{docfile.Resume, domain.BlobResumes, "resume", sub.app.FullName, &sub.docs.resume}, nil
	case domain.IDDocumentPart:
		return document{docfile.IDDocument, domain.BlobNationalIDs, "national ID document", sub.app.NationalIDType, &sub.docs.idDoc}, nil
	}
	if n, ok := strings.CutPrefix(part, domain.CertificationPartPrefix); ok {
		// Only the canonical spelling of an index: "certification.01" is no part of the form.
		if i, err := strconv.Atoi(n); err == nil && i >= 0 && i < len(sub.docs.certs) && strconv.Itoa(i) == n {
			return document{docfile.Certification, domain.BlobCertifications, "certification document",
				sub.app.Certifications[i].Name, &sub.docs.certs[i]}, nil
		}
	}
	return document{}, domain.Errorf(domain.EInvalid, "The application has a part the form does not send. Please reload the page and try again.")
}

// cleanupOnFailure deletes the stored documents unless the application
// was committed. It runs on a context of its own (deleteBlobs): a client
// that went away mid-upload must not leave its files behind.
func (sub *Submission) cleanupOnFailure(ctx context.Context) {
	d := &sub.docs
	if d.committed || d.leaveToSweeper || len(d.keys) == 0 {
		return
	}
	sub.svc.deleteBlobs(ctx, d.keys)
}

// countingReader counts the bytes read through it and whether it
// reached the end.
type countingReader struct {
	r   io.Reader
	n   int64
	eof bool
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err == io.EOF {
		c.eof = true
	}
	return n, err
}
