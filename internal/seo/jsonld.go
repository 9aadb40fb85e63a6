package seo

import (
	"cmp"
	"strings"
	"time"

	"corpsite/internal/domain"
)

func (p Publisher) postalAddress() LD {
	a := p.Site.Address
	return LD{
		"@type":           "PostalAddress",
		"streetAddress":   a.Street,
		"addressLocality": a.Locality,
		"addressRegion":   a.Region,
		"postalCode":      a.PostalCode,
		"addressCountry":  a.Country,
	}
}

// Organization is the company: name, contact and address.
func (p Publisher) Organization() LD {
	return LD{
		"@context":  "https://schema.org",
		"@type":     "Organization",
		"name":      p.Site.Name,
		"url":       p.Home(),
		"logo":      p.Logo(),
		"email":     p.Site.Email,
		"telephone": p.Site.Phone,
		"address":   p.postalAddress(),
	}
}

// WebSite is the site itself.
func (p Publisher) WebSite() LD {
	return LD{"@context": "https://schema.org", "@type": "WebSite", "name": p.Site.Name, "url": p.Home()}
}

// regionOf names the state of the cities we hire in, for job addresses.
var regionOf = map[string]string{
	"hyderabad": "Telangana",
	"bangalore": "Karnataka",
	"bengaluru": "Karnataka",
}

// remoteCountry is where applicants for a remote job must live when the
// site's address names no country; the job page shows the address's
// country beside the workplace type.
const remoteCountry = "India"

// JobPosting is a job page's structured data; pageURL is the page's address.
func (p Publisher) JobPosting(j domain.Job, pageURL string) LD {
	addr := LD{"@type": "PostalAddress", "addressLocality": j.Location, "addressCountry": JobCountry}
	if region, ok := regionOf[strings.ToLower(j.Location)]; ok {
		addr["addressRegion"] = region
	}
	posting := LD{
		"@context":    "https://schema.org",
		"@type":       "JobPosting",
		"title":       j.JobTitle,
		"description": j.Description,
		"datePosted":  j.CreatedAt.UTC().Format("2006-01-02"),
		"url":         pageURL,
		"identifier":  LD{"@type": "PropertyValue", "name": p.Site.Name, "value": j.ID},
		"hiringOrganization": LD{
			"@type":  "Organization",
			"name":   p.Site.Name,
			"sameAs": p.Home(),
			"logo":   p.Logo(),
		},
		"jobLocation": LD{"@type": "Place", "address": addr},
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
		value := LD{"@type": "QuantitativeValue", "unitText": "YEAR"}
		if j.SalaryMin > 0 {
			value["minValue"] = j.SalaryMin
		}
		if j.SalaryMax > 0 {
			value["maxValue"] = j.SalaryMax
		}
		posting["baseSalary"] = LD{"@type": "MonetaryAmount", "currency": "INR", "value": value}
	}
	if j.Department != "" {
		posting["industry"] = j.Department
	}
	// A remote job is done from anywhere in India (its page says so); its
	// city stays the office it belongs to.
	if j.Workplace == domain.WorkplaceRemote {
		posting["jobLocationType"] = "TELECOMMUTE"
		country := cmp.Or(p.Site.Address.CountryName, remoteCountry)
		posting["applicantLocationRequirements"] = LD{"@type": "Country", "name": country}
	}
	return posting
}

// BlogPosting is a post page's structured data. The headline, date,
// description, image and publisher are all shown on the page; image is
// the cover's absolute address or "".
func (p Publisher) BlogPosting(post domain.BlogPost, pageURL, description, image string) LD {
	org := LD{"@type": "Organization", "name": p.Site.Name, "url": p.Home()}
	publisher := LD{"@type": "Organization", "name": p.Site.Name, "url": p.Home(),
		"logo": LD{"@type": "ImageObject", "url": p.Logo()}}
	posting := LD{
		"@context":         "https://schema.org",
		"@type":            "BlogPosting",
		"headline":         post.Title,
		"description":      description,
		"datePublished":    post.CreatedAt.UTC().Format(time.RFC3339),
		"dateModified":     LastChange(post).UTC().Format(time.RFC3339),
		"author":           org,
		"publisher":        publisher,
		"mainEntityOfPage": LD{"@type": "WebPage", "@id": pageURL},
		"url":              pageURL,
	}
	if image != "" {
		posting["image"] = image
	}
	return posting
}

// Author is a post's author as its structured data names them: what the
// post's page shows of them. Image is an absolute URL, or "".
type Author struct {
	Name, Description, Image string
}

// Person is a post author's structured data, for BlogPosting's author
// (which names the organisation for a post without one).
func (p Publisher) Person(a Author) LD {
	person := LD{"@type": "Person", "name": a.Name, "worksFor": LD{"@type": "Organization", "name": p.Site.Name, "url": p.Home()}}
	if a.Description != "" {
		person["description"] = a.Description
	}
	if a.Image != "" {
		person["image"] = a.Image
	}
	return person
}

// Question is one question and answer of the FAQ page.
type Question struct {
	Question, Answer string
}

// FAQPage is the FAQ page's structured data: every question and answer it shows.
func FAQPage(items []Question) LD {
	questions := make([]LD, len(items))
	for i, it := range items {
		questions[i] = LD{
			"@type":          "Question",
			"name":           it.Question,
			"acceptedAnswer": LD{"@type": "Answer", "text": it.Answer},
		}
	}
	return LD{"@context": "https://schema.org", "@type": "FAQPage", "mainEntity": questions}
}

// LastChange is when post p last changed: UpdatedAt, never before CreatedAt.
func LastChange(p domain.BlogPost) time.Time {
	if p.UpdatedAt.After(p.CreatedAt) {
		return p.UpdatedAt
	}
	return p.CreatedAt
}
