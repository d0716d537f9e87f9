package analysistest

import (
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strings"

	xtest "golang.org/x/tools/go/analysis/analysistest"
)

// writeGolden applies the first suggested fix of every diagnostic to the
// fixture files and writes the results as .golden files in the source tree
// (from is the copied tree the results point into, to the original one).
func writeGolden(results []*xtest.Result, from, to string) error {
	type edit struct {
		start, end int
		text       string
	}
	edits := map[string][]edit{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				file := r.Pass.Fset.File(e.Pos)
				end := e.End
				if !end.IsValid() {
					end = e.Pos
				}
				edits[file.Name()] = append(edits[file.Name()], edit{file.Offset(e.Pos), file.Offset(end), string(e.NewText)})
			}
		}
	}
	for name, es := range edits {
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		sort.SliceStable(es, func(i, j int) bool { return es[i].start > es[j].start })
		out := string(src)
		for _, e := range es {
			out = out[:e.start] + e.text + out[e.end:]
		}
		formatted, err := format.Source([]byte(out))
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, name)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		if err := os.WriteFile(filepath.Join(to, rel)+".golden", formatted, 0o644); err != nil {
			return err
		}
	}
	return nil
}
