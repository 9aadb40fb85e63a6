// Package wire is the JSON contract between the Go server and the web app:
// the bodies of API requests and responses, and the boot data a page embeds.
// Its types are made for the wire, not for storage, so a domain field never
// reaches a visitor by accident.
//
// The web app's TypeScript types (web/src/gen/wire.ts) are generated from
// this package by cmd/gen-wire; run `go generate ./...` after changing it.
// A test fails while the committed file is out of date. The package uses the
// standard library only; internal/server maps domain values to these types.
package wire

//go:generate go run ../../cmd/gen-wire

import "time"

// Job is an open position as visitors see it (GET /api/jobs,
// GET /api/jobs/{id}).
type Job struct {
	ID         string `json:"id"`
	JobTitle   string `json:"jobTitle"`
	Experience string `json:"experience"` // years, e.g. "2-4" or "5+"
	Location   string `json:"location"`
	// LocationAliases are the other names of the job's city in the
	// locations list ("Bangalore" for Bengaluru); a search by any finds it.
	LocationAliases []string `json:"locationAliases,omitempty"`
	// Workplace is onsite, hybrid or remote.
	Workplace string `json:"workplace"`
	// YearsMin and YearsMax are the years of experience asked for
	// (YearsMax absent: no maximum); both absent for a job whose
	// experience text states no range.
	YearsMin *int `json:"yearsMin,omitempty"`
	YearsMax *int `json:"yearsMax,omitempty"`
	// PostedDaysAgo is how many days (UTC) before the answer the job was
	// posted: 0 today.
	PostedDaysAgo int `json:"postedDaysAgo"`
	// Description is sanitised HTML.
	Description    string `json:"description"`
	Department     string `json:"department,omitempty"`
	EmploymentType string `json:"employmentType,omitempty"` // FULL_TIME, PART_TIME, CONTRACTOR, INTERN
	SalaryMin      int64  `json:"salaryMin,omitempty"`      // rupees a year; 0 = not stated
	SalaryMax      int64  `json:"salaryMax,omitempty"`
	// ClosingDate is the last day to apply (UTC midnight), if there is one.
	ClosingDate *time.Time `json:"closingDate,omitempty"`
	// ApplicationsOpen says whether visitors may apply now. The server
	// decides it (status and closing date against its clock), so the page
	// never works it out a second time.
	ApplicationsOpen bool `json:"applicationsOpen"`
	// PageTitle is the job page's document title, site name included.
	PageTitle string    `json:"pageTitle"`
	CreatedAt time.Time `json:"createdAt"`
}

// JobSearch is the answer of GET /api/jobs/search: the open positions that
// match a search, newest first, and what the search form offers. The
// options and Total cover every open position, so a filter that matches
// nothing still shows the others that could be chosen.
type JobSearch struct {
	Jobs []Job `json:"jobs"`
	// Total is the number of open positions, matching or not.
	Total int `json:"total"`
	// Locations, Workplaces and Departments are the distinct values of
	// the open positions: the options of the search form's filters
	// (locations by their canonical names).
	Locations   []string `json:"locations"`
	Workplaces  []string `json:"workplaces"`
	Departments []string `json:"departments"`
	// Location is the canonical name of the city the location filter
	// names (by its name or an alias), or the filter as given when no open
	// position is there; "" when not filtered by location.
	Location string `json:"location"`
}

// BlogSummary is a published post without its body, for lists and the home
// page carousel (GET /api/blogs).
type BlogSummary struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"`
	// ImageAlt is the cover's alt text ("" = none given: the page uses the
	// title).
	ImageAlt string `json:"imageAlt,omitempty"`
	// ImageSrcset lists the cover's sizes for <img srcset> ("/covers/a-480.jpg
	// 480w, ..."), when it has several.
	ImageSrcset string `json:"imageSrcset,omitempty"`
	// ImageSources are the cover in the formats smaller than Image's JPEG
	// that it was stored in, best first, for <picture>'s <source>
	// elements; none for an older cover or an image in one format.
	ImageSources []ImageSource `json:"imageSources,omitempty"`
	CreatedAt    time.Time     `json:"createdAt"`
	// DateText is CreatedAt as the pages show it: long US format
	// ("November 21, 2026") in the site's one time zone, computed by the
	// server so that server and browser render the same text.
	DateText string `json:"dateText"`
	// AuthorName is the name of the post's author, "" = none.
	AuthorName string `json:"authorName,omitempty"`
	// Path is the address of the post's page (/blog/{slug} or /blog/{id}).
	Path string `json:"path"`
}

// ImageSource is a cover image in one format, for a <source> element.
type ImageSource struct {
	// Type is the format's media type ("image/avif").
	Type string `json:"type"`
	// Srcset lists the cover's sizes in this format, with width
	// descriptors when ImageSrcset has them; else the one file's path.
	Srcset string `json:"srcset"`
}

// BlogList is one page of published posts, newest first
// (GET /api/blogs?page=N; without page, the first).
type BlogList struct {
	Posts []BlogSummary `json:"posts"`
	Page  int           `json:"page"`  // 1-based
	Pages int           `json:"pages"` // at least 1, also with no posts
	Total int           `json:"total"` // published posts in all
}

// BlogPost is a published post as its page shows it (GET /api/blogs/{id}).
type BlogPost struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Image       string `json:"image"`
	// ImageAlt, ImageSrcset and ImageSources are as in BlogSummary.
	ImageAlt     string        `json:"imageAlt,omitempty"`
	ImageSrcset  string        `json:"imageSrcset,omitempty"`
	ImageSources []ImageSource `json:"imageSources,omitempty"`
	CreatedAt    time.Time     `json:"createdAt"`
	DateText     string        `json:"dateText"` // as in BlogSummary
	// Slides are the body split at each <h2>, done once by the server.
	Slides []BlogSlide `json:"slides"`
	// PageTitle is the post page's document title, site name included.
	PageTitle string `json:"pageTitle"`
	// Tags are the post's tags, each linking to its tag page.
	Tags []TagLink `json:"tags,omitempty"`
	// Author is who wrote the post; nil = none (the company's post).
	Author *PostAuthor `json:"author,omitempty"`
	// Path is as BlogSummary's.
	Path string `json:"path"`
}

// BlogSlide is one section of a post: its <h2> text and the sanitised
// HTML that follows it. Text before the first <h2> is a slide without a
// heading.
type BlogSlide struct {
	Heading string `json:"heading"`
	HTML    string `json:"html"`
}

// Comment is a visible comment under a post (GET /api/blogs/{id}/comments,
// newest first). The commenter's e-mail address never leaves the server.
type Comment struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Website is the commenter's http(s) address, or "".
	Website string `json:"website"`
	// Comment is plain text; line breaks are kept, HTML is not.
	Comment   string    `json:"comment"`
	CreatedAt time.Time `json:"createdAt"`
	DateText  string    `json:"dateText"` // as in BlogSummary
}

// CommentRequest is the body of POST /api/blogs/{id}/comments.
type CommentRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Website string `json:"website"`
	Comment string `json:"comment"`
	// Homepage is a honeypot: hidden from people, filled in by bots.
	Homepage string `json:"homepage"`
	// ElapsedMs is how long the form was on screen before it was sent.
	ElapsedMs *int64 `json:"elapsedMs"`
}

// CommentPosted is the 201 answer to a comment. Status "visible": the
// comment is shown (Comment holds it as the list would). Status "held":
// it waits for staff review and Message says so ("Your comment is
// awaiting moderation").
type CommentPosted struct {
	Status  string   `json:"status"`
	Comment *Comment `json:"comment,omitempty"`
	Message string   `json:"message,omitempty"`
}

// APIError describes a failed API call: inside ErrorBody in a response,
// and inside a Result in boot data.
type APIError struct {
	// Code is the error's kind: invalid, not_found, gone, conflict,
	// unauthorized, rate_limited or internal (domain kinds), or one about
	// the request itself: too_large, timeout, uri_too_long,
	// method_not_allowed, forbidden (a cross-origin write) or busy (the
	// server is at capacity: retry after Retry-After).
	Code    string `json:"code"`
	Message string `json:"message"`
	// Fields maps a request field to what is wrong with it (code invalid).
	Fields map[string]string `json:"fields,omitempty"`
	// Conflict is set on a save refused because someone else saved the
	// item after the version it was based on (code conflict).
	Conflict *EditConflict `json:"conflict,omitempty"`
}

// ErrorBody is what the API answers with a status of 400 or more.
type ErrorBody struct {
	Error APIError `json:"error"`
}

// Result is one API response inside boot data: Data on success, Error
// otherwise.
type Result struct {
	Data  any       `json:"data,omitempty"`
	Error *APIError `json:"error,omitempty"`
}

// Settings are the operator's choices that pages state, the same on
// every page of one running site.
type Settings struct {
	// RetentionDays is how long job applications and their documents are
	// kept before they are deleted (--retention-days).
	RetentionDays int `json:"retentionDays"`
	// SiteURL is the site's public origin (--base-url, no trailing
	// slash): the address of its pages where they are shared (a job's
	// share links), whatever host the visitor reached it by.
	SiteURL string `json:"siteUrl"`
}

// BootData is embedded in every page as JSON and given to the server
// renderer, so hydration needs no second request.
type BootData struct {
	// API holds the API responses the page reads, keyed by API path
	// (e.g. "/api/jobs/abc"), exactly as the web app builds the path.
	API map[string]Result `json:"api"`
	// Now is the server's clock (RFC 3339), so dates render the same on
	// both sides.
	Now string `json:"now"`
	// Error is set when the server could not render the page: the web app
	// shows its error screen.
	Error bool `json:"error,omitempty"`
	// Settings are the operator's choices the pages state (the privacy
	// page's retention period).
	Settings Settings `json:"settings"`
}

// ContactRequest is the body of POST /api/contact.
type ContactRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	// Website is a honeypot: hidden from people, filled in by bots.
	Website string `json:"website"`
	// ElapsedMs is how long the form was on screen before it was sent.
	ElapsedMs *int64 `json:"elapsedMs"`
}

// ContactCreated is the 201 answer to POST /api/contact.
type ContactCreated struct {
	ID string `json:"id"`
}

// ApplicationRequest is the JSON part ("application", the first part) of
// the multipart POST /api/jobs/{id}/applications. The documents follow as
// file parts: "resume", "nationalIdDocument" and "certification.{i}" for
// certifications[i]. The request carries an Idempotency-Key header: a
// repeat with the same key answers the first result and stores nothing.
type ApplicationRequest struct {
	FirstName  string `json:"firstName"`
	MiddleName string `json:"middleName"`
	LastName   string `json:"lastName"`
	FullName   string `json:"fullName"`
	Email      string `json:"email"`
	// PhoneCountry is the region of the phone number chosen in the form
	// (ISO 3166-1 alpha-2, "IN"); Normalize derives PhoneCountryCode from
	// it, or it from PhoneCountryCode when it is left out.
	PhoneCountry       string              `json:"phoneCountry"`
	PhoneCountryCode   string              `json:"phoneCountryCode"`
	PhoneNumber        string              `json:"phoneNumber"`
	Address            string              `json:"address"`
	LinkedIn           string              `json:"linkedin"`
	Website            string              `json:"website"`
	LocationPreference string              `json:"locationPreference"`
	AvailabilityDate   string              `json:"availabilityDate"` // YYYY-MM-DD
	WorkExperiences    []WorkExperience    `json:"workExperiences"`
	Educations         []Education         `json:"educations"`
	Skills             []string            `json:"skills"`
	Certifications     []CertificationName `json:"certifications"`
	CoverLetter        string              `json:"coverLetter"`
	HeardFrom          string              `json:"heardFrom"`
	EligibleToWork     bool                `json:"eligibleToWork"`
	WillingToRelocate  bool                `json:"willingToRelocate"`
	Gender             string              `json:"gender"`
	DisabilityStatus   string              `json:"disabilityStatus"`
	NationalIDType     string              `json:"nationalIdType"`
	NationalIDNumber   string              `json:"nationalIdNumber"`
	// Consent is the applicant's agreement to the data notice shown with
	// the form; ConsentVersion is the version of that notice.
	Consent        bool   `json:"consent"`
	ConsentVersion string `json:"consentVersion"`
	// Homepage is a honeypot: hidden from people, filled in by bots.
	Homepage string `json:"homepage"`
	// ElapsedMs is how long the form was on screen before it was sent.
	ElapsedMs *int64 `json:"elapsedMs"`
	// Source is where the applicant came from: the src (or utm_source)
	// of the job or apply link that began the visit, kept by the site
	// for the visit. Normalize keeps it as domain.NormalizeSource does: a
	// source that is not a short token is dropped, never refused.
	Source string `json:"source,omitempty"`
}

// WorkExperience is one earlier job in an application.
type WorkExperience struct {
	JobTitle         string `json:"jobTitle"`
	CompanyName      string `json:"companyName"`
	StartDate        string `json:"startDate"` // YYYY-MM-DD
	EndDate          string `json:"endDate"`   // YYYY-MM-DD, or "" while current
	Responsibilities string `json:"responsibilities"`
}

// Education is one qualification in an application. Levels 10th and 12th
// have a BoardName; the others a Degree and FieldOfStudy.
type Education struct {
	Level          string `json:"level"`
	Institution    string `json:"institution"`
	BoardName      string `json:"boardName"`
	Degree         string `json:"degree"`
	FieldOfStudy   string `json:"fieldOfStudy"`
	Location       string `json:"location"`       // Indian state or union territory
	GraduationDate string `json:"graduationDate"` // YYYY-MM-DD
	ScoreType      string `json:"scoreType"`      // percentage or cgpa
	Score          string `json:"score"`          // decimal, at most two places
}

// CertificationName is a certification in an application; its document
// is the file part "certification.{i}".
type CertificationName struct {
	Name string `json:"name"`
}

// ApplicationSaved is the answer to a stored application: 201 for a new
// one, 200 when it updated the applicant's earlier application to the
// same job (same e-mail address).
type ApplicationSaved struct {
	// Reference is the short number the applicant quotes (e.g. APP-7KQ2M4XD).
	Reference string `json:"reference"`
	// Updated is true when an earlier application was replaced.
	Updated  bool   `json:"updated"`
	JobTitle string `json:"jobTitle"`
	// StatusURL is the applicant's private status page link (also in the
	// confirmation e-mail); "" when none is given (suspected spam, or a
	// repeated answer: the link is only ever shown once).
	StatusURL string `json:"statusUrl,omitempty"`
}
