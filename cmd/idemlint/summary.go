package main

import (
	"fmt"
	"io"
	"sort"
)

// printSummary prints how many findings each analyzer made and where they
// concentrate: the 20 packages with the most.
func printSummary(all []finding, w io.Writer) {
	byAnalyzer, byPackage := map[string]int{}, map[string]int{}
	total := 0
	for _, f := range all {
		if f.suppressed {
			continue
		}
		byAnalyzer[f.analyzer]++
		byPackage[f.pkg]++
		total++
	}
	fmt.Fprintf(w, "\n%d findings\n\n", total)
	table(w, "analyzer", byAnalyzer, 0)
	fmt.Fprintln(w)
	table(w, "package", byPackage, 20)
}

func table(w io.Writer, title string, counts map[string]int, limit int) {
	type row struct {
		name  string
		count int
	}
	var rows []row
	width := len(title)
	for name, n := range counts {
		rows = append(rows, row{name, n})
		width = max(width, len(name))
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].count != rows[j].count {
			return rows[i].count > rows[j].count
		}
		return rows[i].name < rows[j].name
	})
	if limit > 0 && len(rows) > limit {
		rows = rows[:limit]
	}
	fmt.Fprintf(w, "%-*s  %s\n", width, title, "findings")
	for _, r := range rows {
		fmt.Fprintf(w, "%-*s  %d\n", width, r.name, r.count)
	}
}
