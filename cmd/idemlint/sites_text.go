package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/idemlint/idemlint/passes"
)

// writeSitesText prints the map one site per paragraph: a first line in
// a report's form (place: kind in function), then its columns.
func writeSitesText(m *siteMap, w io.Writer) {
	byID := map[string]passes.Site{}
	for _, r := range m.Sites {
		byID[r.ID] = r
	}
	for _, r := range m.Sites {
		head := fmt.Sprintf("%s: %s", r.ID, r.Kind)
		if r.Function != "" {
			head += " in " + r.Function
		}
		if r.Calls > 0 {
			head += fmt.Sprintf(", %d %s", r.Calls, plural(r.Calls, "call", "calls"))
		}
		fmt.Fprintln(w, head)
		line := func(name, text string) {
			if text != "" {
				fmt.Fprintf(w, "    %-9s %s\n", name, text)
			}
		}
		line("attempts", attemptsText(r))
		line("waits", waitText(r))
		line("repeats", repeatsText(r))
		for i := range r.Nested {
			line("nested", nestedText(r, i, byID))
		}
		if len(r.Chain) > 0 {
			line("chain", chainText(r))
		}
		line("reports", reportsText(r))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, summaryText(m.Summary))
}

func attemptsText(r passes.Site) string {
	a := r.Attempts
	if a.From == "" {
		return a.Text
	}
	return a.Text + " (" + a.From + ")"
}

func waitText(r passes.Site) string {
	w := r.Wait
	parts := []string{w.Delay}
	if w.Grows == "yes" && !strings.Contains(w.Delay, "exponential") {
		parts = append(parts, "grows")
	}
	switch {
	case w.Capped == "no":
		parts = append(parts, "no cap")
	case w.Capped == "yes" && w.Grows == "yes":
		parts = append(parts, "capped")
	}
	switch w.Jitter {
	case "yes":
		parts = append(parts, "jittered")
	case "no":
		parts = append(parts, "no jitter")
	case "unknown":
		parts = append(parts, "jitter unknown")
	}
	if w.RetryAfter != "" {
		parts = append(parts, "Retry-After "+w.RetryAfter)
	}
	return strings.Join(parts, ", ")
}

func repeatsText(r passes.Site) string {
	var parts []string
	for _, op := range r.Repeats {
		t := op.What
		if op.Via != "" {
			t += " (in " + op.Via + ")"
		}
		if op.Key == "missing" {
			t += " without an idempotency key"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; ")
}

func nestedText(r passes.Site, i int, byID map[string]passes.Site) string {
	n := r.Nested[i]
	t := posID(n.At)
	if inner, ok := byID[n.Site]; ok {
		t = inner.ID + " " + inner.Kind
		if inner.Function != "" {
			t += " in " + inner.Function
		}
	} else if n.Via != "" {
		t += ", a call of " + shortFunc(n.Via)
	}
	if n.Attempts > 0 {
		t += fmt.Sprintf(", %d attempts", n.Attempts)
	}
	return t
}

// chainText is "3 x 5 = 15 calls: a > b > c", or the chain alone when a
// count along it is not a constant.
func chainText(r passes.Site) string {
	names := []string{r.ID}
	counts := []string{count(r.Attempts.Count)}
	for _, l := range r.Chain {
		name := l.Site
		if name == "" {
			name = shortFunc(l.Via)
		}
		names = append(names, name)
		counts = append(counts, count(l.Attempts))
	}
	product := "?"
	if r.Product > 0 {
		product = fmt.Sprint(r.Product)
	}
	return fmt.Sprintf("%s = %s calls: %s", strings.Join(counts, " x "), product, strings.Join(names, " > "))
}

func count(n int) string {
	if n > 0 {
		return fmt.Sprint(n)
	}
	return "?"
}

// shortFunc names a function of a package path as pkg.F.
func shortFunc(full string) string {
	return full[strings.LastIndex(full, "/")+1:]
}

func reportsText(r passes.Site) string {
	var parts []string
	for _, rep := range r.Reports {
		at := fmt.Sprintf("%d:%d", rep.At.Line, rep.At.Col)
		if rep.At.File != r.Pos.File {
			at = posID(rep.At)
		}
		parts = append(parts, rep.Check+" at "+at)
	}
	return strings.Join(parts, ", ")
}

func summaryText(s sitesSummary) string {
	cats := make([]string, 0, len(s.ByCategory))
	for c := range s.ByCategory {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	var by []string
	for _, c := range cats {
		by = append(by, fmt.Sprintf("%s %d", c, s.ByCategory[c]))
	}
	t := fmt.Sprintf("%d retry %s", s.Sites, plural(s.Sites, "site", "sites"))
	if len(by) > 0 {
		t += " (" + strings.Join(by, ", ") + ")"
	}
	t += fmt.Sprintf(": %d unbounded, %d without jitter, %d with no delay, %d with reports", s.Unbounded, s.NoJitter, s.NoDelay, s.Reported)
	if s.LargestProduct > 0 {
		t += fmt.Sprintf("; largest product %d calls, at %s", s.LargestProduct, s.LargestAt)
	}
	return t
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
