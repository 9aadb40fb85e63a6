package seo_test

import (
	"testing"

	"corpsite/internal/seo"
)

// A post's author is a Person with what the page shows of them; a bio
// or photo left out is no empty property.
func TestPerson(t *testing.T) {
	t.Parallel()
	got := pub.Person(seo.Author{Name: "Asha Rao", Description: "Writes.", Image: "https://acme.test/photos/a-384.jpg"})
	if got["@type"] != "Person" || got["name"] != "Asha Rao" || got["description"] != "Writes." || got["image"] != "https://acme.test/photos/a-384.jpg" {
		t.Errorf("Person = %v", got)
	}
	if org, _ := got["worksFor"].(seo.LD); org["name"] != "Acme Works" {
		t.Errorf("worksFor = %v, want the company", got["worksFor"])
	}
	bare := pub.Person(seo.Author{Name: "Asha Rao"})
	if _, ok := bare["description"]; ok {
		t.Errorf("Person without a bio has a description: %v", bare)
	}
	if _, ok := bare["image"]; ok {
		t.Errorf("Person without a photo has an image: %v", bare)
	}
}
