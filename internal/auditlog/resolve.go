package auditlog

import (
	"context"
	"strings"

	"corpsite/internal/domain"
)

// Lookup finds the records entries are about (a domain.Store is one).
type Lookup interface {
	GetStaffUser(ctx context.Context, id string) (domain.StaffUser, error)
	GetJob(ctx context.Context, id string) (domain.Job, error)
	GetBlogPost(ctx context.Context, id string) (domain.BlogPost, error)
	GetApplicationByReference(ctx context.Context, reference string) (domain.Application, error)
	GetOutbox(ctx context.Context, id string) (domain.OutboxMessage, error)
	GetContactMessage(ctx context.Context, id string) (domain.ContactMessage, error)
	ListJobLocations(ctx context.Context) ([]domain.JobLocation, error)
	ListJobDepartments(ctx context.Context) ([]domain.JobDepartment, error)
}

// Row is an entry in words.
type Row struct {
	Entry    domain.AuditEntry
	Actor    string  // who acted, in words (see Actor)
	Subject  Subject // what it was about, named and linked
	Sentence []Part
}

// found is a looked-up record: its name and console path ("" for none).
type found struct {
	name, link string
}

// Resolver names subjects, looking each record up once.
type Resolver struct {
	l     Lookup
	cache map[Kind]map[string]found
	lists map[Kind]map[string]string // locations and departments by ID
}

// NewResolver is a Resolver over l.
func NewResolver(l Lookup) *Resolver {
	return &Resolver{l: l, cache: map[Kind]map[string]found{}}
}

// Resolve puts entries in words (see Resolver.Row).
func Resolve(ctx context.Context, l Lookup, entries []domain.AuditEntry) ([]Row, error) {
	r := NewResolver(l)
	rows := make([]Row, 0, len(entries))
	for _, e := range entries {
		row, err := r.Row(ctx, e)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// Row is e in words: the actor by name, the subject by its stored label
// (or, for entries without one, by what the record is called now, or its
// ID when it is gone), linked while the record exists.
func (r *Resolver) Row(ctx context.Context, e domain.AuditEntry) (Row, error) {
	actorName := ""
	if e.ActorID != "" {
		f, err := r.find(ctx, KindStaff, e.ActorID)
		if err != nil {
			return Row{}, err
		}
		actorName = f.name
	}
	kind, id := SubjectOf(e)
	subject := Subject{Kind: kind, ID: id}
	if kind != KindNone && kind != KindComments && kind != KindTemplate && id != "" {
		f, err := r.find(ctx, kind, id)
		if err != nil {
			return Row{}, err
		}
		subject.Name, subject.Link = f.name, f.link
	}
	switch kind {
	case KindComments:
		subject.Link = "/admin/comments"
	case KindTemplate:
		subject.Name, subject.Link = TemplateName(id), "/admin/candidate-emails"
	}
	if l := strings.TrimSpace(e.SubjectLabel); l != "" {
		subject.Name = labelName(kind, l)
	}
	actor := Actor(e, actorName)
	return Row{Entry: e, Actor: actor, Subject: subject, Sentence: Describe(e, actor, subject)}, nil
}

// labelName is how a stored label is shown: titles in quotes.
func labelName(kind Kind, label string) string {
	switch kind {
	case KindJob, KindPost, KindMail, KindMessage, KindLocation, KindDepartment:
		return Quoted(label)
	}
	return label
}

// find looks a record up (once): what it is called now and its screen.
// A record that is gone is named by its ID, unlinked.
func (r *Resolver) find(ctx context.Context, kind Kind, id string) (found, error) {
	if f, ok := r.cache[kind][id]; ok {
		return f, nil
	}
	f, err := r.lookup(ctx, kind, id)
	if domain.IsNotFound(err) {
		f, err = found{name: id}, nil
	}
	if err != nil {
		return found{}, err
	}
	if r.cache[kind] == nil {
		r.cache[kind] = map[string]found{}
	}
	r.cache[kind][id] = f
	return f, nil
}

func (r *Resolver) lookup(ctx context.Context, kind Kind, id string) (found, error) {
	switch kind {
	case KindStaff:
		u, err := r.l.GetStaffUser(ctx, id)
		if err != nil {
			return found{}, err
		}
		name := u.Name
		if strings.TrimSpace(name) == "" {
			name = u.Email
		}
		return found{name: name, link: "/admin/staff"}, nil
	case KindApplication:
		a, err := r.l.GetApplicationByReference(ctx, id)
		if err != nil {
			return found{}, err
		}
		return found{name: a.Reference, link: "/admin/applications/" + a.ID}, nil
	case KindJob:
		j, err := r.l.GetJob(ctx, id)
		if err != nil {
			return found{}, err
		}
		return found{name: Quoted(j.JobTitle), link: "/admin/jobs/" + j.ID}, nil
	case KindPost:
		p, err := r.l.GetBlogPost(ctx, id)
		if err != nil {
			return found{}, err
		}
		return found{name: Quoted(p.Title), link: "/admin/blog/" + p.ID}, nil
	case KindMail:
		m, err := r.l.GetOutbox(ctx, id)
		if err != nil {
			return found{}, err
		}
		return found{name: Quoted(m.Subject), link: "/admin/mail/" + m.ID}, nil
	case KindMessage:
		m, err := r.l.GetContactMessage(ctx, id)
		if err != nil {
			return found{}, err
		}
		return found{name: Quoted(m.Subject), link: "/admin/messages/" + m.ID}, nil
	case KindLocation, KindDepartment:
		names, err := r.list(ctx, kind)
		if err != nil {
			return found{}, err
		}
		if name, ok := names[id]; ok {
			return found{name: Quoted(name), link: "/admin/job-lists"}, nil
		}
		return found{}, domain.NotFound(string(kind))
	}
	return found{name: id}, nil
}

// list is the locations' or departments' names by ID, read once.
func (r *Resolver) list(ctx context.Context, kind Kind) (map[string]string, error) {
	if r.lists == nil {
		r.lists = map[Kind]map[string]string{}
	}
	if m, ok := r.lists[kind]; ok {
		return m, nil
	}
	m := map[string]string{}
	if kind == KindLocation {
		ls, err := r.l.ListJobLocations(ctx)
		if err != nil {
			return nil, err
		}
		for _, l := range ls {
			m[l.ID] = l.Name
		}
	} else {
		ds, err := r.l.ListJobDepartments(ctx)
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			m[d.ID] = d.Name
		}
	}
	r.lists[kind] = m
	return m, nil
}
