package main

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/idemlint/idemlint/passes"
)

// sitesSummary counts what a reviewer looks at first.
type sitesSummary struct {
	Sites      int            `json:"sites"`
	ByCategory map[string]int `json:"byCategory"`
	Unbounded  int            `json:"unbounded"`
	NoJitter   int            `json:"noJitter"`
	NoDelay    int            `json:"noDelay"`
	Reported   int            `json:"reported"` // sites with reports
	// LargestProduct is the largest product of attempts along a chain of
	// nested retries, at the row LargestAt.
	LargestProduct int    `json:"largestProduct,omitempty"`
	LargestAt      string `json:"largestAt,omitempty"`
}

func summarize(rows []passes.Site) sitesSummary {
	s := sitesSummary{Sites: len(rows), ByCategory: map[string]int{}}
	for _, r := range rows {
		s.ByCategory[r.Category]++
		if r.Attempts.Bound == "unbounded" {
			s.Unbounded++
		}
		if r.Wait.Jitter == "no" {
			s.NoJitter++
		}
		if strings.HasPrefix(r.Wait.Delay, "none") {
			s.NoDelay++
		}
		if len(r.Reports) > 0 {
			s.Reported++
		}
		if r.Product > s.LargestProduct {
			s.LargestProduct, s.LargestAt = r.Product, r.ID
		}
	}
	return s
}

// writeSitesJSON prints the map as JSON (docs/sites.md).
func writeSitesJSON(m *siteMap, w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(m)
}
