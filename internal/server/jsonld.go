package server

import (
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"

	"corpsite/internal/domain"
)

// Structured data (schema.org JSON-LD) that Go writes into <head>. Every
// fact in it is also visible on the page.

type ld = map[string]any

func (s *Server) postalAddress() ld {
	a := s.content.Site.Address
	return ld{
		"@type":           "PostalAddress",
		"streetAddress":   a.Street,
		"addressLocality": a.Locality,
		"addressRegion":   a.Region,
		"postalCode":      a.PostalCode,
		"addressCountry":  a.Country,
	}
}

func (s *Server) organizationLD() ld {
	site := s.content.Site
	org := ld{
		"@context":  "https://schema.org",
		"@type":     "Organization",
		"name":      site.Name,
		"url":       s.baseURL + "/",
		"logo":      s.baseURL + "/favicon.svg",
		"email":     site.Email,
		"telephone": site.Phone,
		"address":   s.postalAddress(),
	}
	return org
}

func (s *Server) websiteLD() ld {
	return ld{"@context": "https://schema.org", "@type": "WebSite", "name": s.content.Site.Name, "url": s.baseURL + "/"}
}

// regionOf names the state of the cities we hire in, for job addresses.
var regionOf = map[string]string{
	"hyderabad": "Telangana",
	"bangalore": "Karnataka",
	"bengaluru": "Karnataka",
}

func (s *Server) jobPostingLD(j domain.Job) ld {
	site := s.content.Site
	addr := ld{"@type": "PostalAddress", "addressLocality": j.Location, "addressCountry": "IN"}
	if region, ok := regionOf[strings.ToLower(j.Location)]; ok {
		addr["addressRegion"] = region
	}
	posting := ld{
		"@context":    "https://schema.org",
		"@type":       "JobPosting",
		"title":       j.JobTitle,
		"description": j.Description,
		"datePosted":  j.CreatedAt.UTC().Format("2006-01-02"),
		"url":         s.baseURL + "/job/" + j.ID,
		"identifier":  ld{"@type": "PropertyValue", "name": site.Name, "value": j.ID},
		"hiringOrganization": ld{
			"@type":  "Organization",
			"name":   site.Name,
			"sameAs": s.baseURL + "/",
			"logo":   s.baseURL + "/favicon.svg",
		},
		"jobLocation": ld{"@type": "Place", "address": addr},
		// Applying happens on this site, at /apply/{id}, without an
		// account or a detour to another site.
		"directApply": true,
	}
	if j.EmploymentType != "" {
		posting["employmentType"] = j.EmploymentType
	}
	if j.ClosingDate != nil {
		end := time.Date(j.ClosingDate.Year(), j.ClosingDate.Month(), j.ClosingDate.Day(), 23, 59, 59, 0, time.UTC)
		posting["validThrough"] = end.Format(time.RFC3339)
	}
	if j.SalaryMin > 0 || j.SalaryMax > 0 {
		value := ld{"@type": "QuantitativeValue", "unitText": "YEAR"}
		if j.SalaryMin > 0 {
			value["minValue"] = j.SalaryMin
		}
		if j.SalaryMax > 0 {
			value["maxValue"] = j.SalaryMax
		}
		posting["baseSalary"] = ld{"@type": "MonetaryAmount", "currency": "INR", "value": value}
	}
	if j.Department != "" {
		posting["industry"] = j.Department
	}
	return posting
}

// jobDescription is the meta description of a job page.
func jobDescription(j domain.Job) string {
	lead := j.JobTitle + " in " + j.Location + ", " + j.Experience + " years of experience. "
	return truncate(lead+plainText(j.Description), 160)
}

// plainText returns the text of an HTML fragment with whitespace collapsed.
func plainText(fragment string) string {
	z := html.NewTokenizer(strings.NewReader(fragment))
	var b strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			b.Write(z.Text())
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// truncate shortens s to at most n runes, at a word boundary, with "…".
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}
