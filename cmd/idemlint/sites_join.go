package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/passes"
)

// joinReports puts each report in the row whose code holds it: the row
// with the smallest span that contains its position (a report in a loop
// inside a handler is the loop's), or the rows tied on that span (one
// operation retried at two sites). The verdicts the map shows are then
// the reports' own: a wait nojitter reported has no jitter, a site
// unboundedretry reported is unbounded.
func joinReports(rows []passes.Site, all []finding) {
	for _, f := range all {
		if f.suppressed || f.analyzer == directiveAnalyzer {
			continue
		}
		if at := nesting(rows, f); len(at) > 0 {
			for _, i := range at {
				apply(&rows[i], f)
			}
			continue
		}
		best, at := -1, []int(nil)
		for i, r := range rows {
			for _, sp := range r.Spans {
				if sp.File != f.posn.Filename || f.posn.Offset < sp.Start || f.posn.Offset >= sp.End {
					continue
				}
				switch size := sp.End - sp.Start; {
				case best < 0 || size < best:
					best, at = size, []int{i}
				case size == best && at[len(at)-1] != i:
					at = append(at, i)
				}
			}
		}
		for _, i := range at {
			apply(&rows[i], f)
		}
	}
}

// nesting returns the rows that a retryamplify report is about: those
// whose nested retries it names, at the inner retry's position. The
// inner retry may be a row of its own, whose span is smaller, but the
// report is the outer site's.
func nesting(rows []passes.Site, f finding) []int {
	if f.analyzer != "retryamplify" {
		return nil
	}
	p := passes.SitePos{File: f.posn.Filename, Line: f.posn.Line, Col: f.posn.Column}
	var out []int
	for i, r := range rows {
		for _, n := range r.Nested {
			if n.At == p {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// apply records one report at a row and what it says of the row.
func apply(r *passes.Site, f finding) {
	check := ruleID(f.analyzer, f.message)
	p := passes.SitePos{File: f.posn.Filename, Line: f.posn.Line, Col: f.posn.Column}
	r.Reports = append(r.Reports, passes.SiteReport{Check: check, At: p, Message: f.message})
	switch check {
	case "nojitter/no-jitter":
		r.Wait.Jitter = "no"
	case "nojitter/no-cap":
		r.Wait.Grows, r.Wait.Capped = "yes", "no"
		if strings.Contains(f.message, "no jitter") {
			r.Wait.Jitter = "no"
		}
	case "nojitter/no-delay":
		if !strings.HasPrefix(r.Wait.Delay, "none") {
			r.Wait.Delay = "none (" + r.Wait.Delay + ")"
		}
		r.Wait.Jitter = ""
	case "unboundedretry/loop", "unboundedretry/policy":
		r.Attempts.Count, r.Attempts.Bound, r.Attempts.Text = 0, "unbounded", "unbounded"
	case "retryclienterror/retry-after":
		r.Wait.RetryAfter = "ignored"
	case "retrynonidempotent/unkeyed", "retrynonidempotent/key-per-attempt", "retrynonidempotent/redelivered":
		markUnkeyed(r, p)
	}
}

// markUnkeyed marks the request a retrynonidempotent report names: the
// POST or PATCH sent at its position, or else the call there that sends
// it.
func markUnkeyed(r *passes.Site, at passes.SitePos) {
	marked := false
	for i := range r.Repeats {
		op := &r.Repeats[i]
		if op.At == at && op.Kind == "http" && op.Key != "not judged" {
			op.Key, marked = "missing", true
		}
	}
	for i := range r.Repeats {
		if op := &r.Repeats[i]; !marked && op.At == at && op.Kind == "call" {
			op.Key = "missing"
		}
	}
}

// relativeRow names a row's places relative to wd, as reports are
// printed, and gives it its ID.
func relativeRow(r *passes.Site, wd string) {
	rel := func(p *passes.SitePos) {
		if p == nil || p.File == "" {
			return
		}
		if q, err := filepath.Rel(wd, p.File); err == nil && !strings.HasPrefix(q, "..") {
			p.File = q
		}
	}
	rel(&r.Pos)
	rel(r.Attempts.At)
	rel(r.Wait.At)
	for i := range r.Repeats {
		rel(&r.Repeats[i].At)
	}
	for i := range r.Nested {
		rel(&r.Nested[i].At)
	}
	for i := range r.CallsAt {
		rel(&r.CallsAt[i])
	}
	for i := range r.Reports {
		rel(&r.Reports[i].At)
	}
	r.ID = posID(r.Pos)
}

func posID(p passes.SitePos) string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

func sortSites(rows []passes.Site) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i].Pos, rows[j].Pos
		switch {
		case a.File != b.File:
			return a.File < b.File
		case a.Line != b.Line:
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}
