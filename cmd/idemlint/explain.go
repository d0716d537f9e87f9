package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/idemlint/idemlint/passes"
)

// explain prints the documentation of a check a report names: an analyzer
// ("nojitter") or one of its hazards, as text reports and SARIF rules name
// them ("nojitter/no-cap"). The text is the analyzer's Doc and URL, and the
// rule's summary and fix from the hazard table: nothing is written twice.
func explain(name string, w io.Writer) error {
	analyzer, id, _ := strings.Cut(name, "/")
	doc, url, flags, ok := documentation(analyzer)
	if !ok || id != "" && !hasHazard(analyzer, id) {
		return fmt.Errorf("-explain %s: no analyzer or hazard of that name (run 'idemlint -help' for the analyzers)", name)
	}
	summary, body, _ := strings.Cut(doc, "\n")
	if id != "" {
		fmt.Fprintf(w, "%s: %s\n\nFix: %s.\n\nReported by the %s analyzer:\n\n", name, hazardSummary(analyzer, id), fixes[name], analyzer)
	}
	fmt.Fprintf(w, "%s: %s\n\n%s\n", analyzer, summary, strings.TrimSpace(body))
	if ids := hazardIDs(analyzer); id == "" && len(ids) > 0 {
		fmt.Fprintf(w, "\nHazards (idemlint -explain %s/<hazard>):\n", analyzer)
		for _, h := range ids {
			fmt.Fprintf(w, "  %s/%s: %s\n      fix: %s\n", analyzer, h, hazardSummary(analyzer, h), fixes[analyzer+"/"+h])
		}
	}
	if flags != nil {
		header := false
		flags.VisitAll(func(f *flag.Flag) {
			if !header {
				fmt.Fprintln(w, "\nOptions:")
				header = true
			}
			fmt.Fprintf(w, "  -%s.%s (default %q): %s\n", analyzer, f.Name, f.DefValue, f.Usage)
		})
	}
	if analyzer == directiveAnalyzer {
		fmt.Fprintln(w, "\nOnly the standalone idemlint checks directives; go vet and golangci-lint do not.")
	} else {
		fmt.Fprintf(w, "\nSilencing:\n")
		fmt.Fprintf(w, "  one report:     //idemlint:ignore %s <reason>, on its line or the line above\n", analyzer)
		fmt.Fprintf(w, "  the analyzer:   idemlint -%s=false ./... (the same flag after go vet -vettool=...)\n", analyzer)
		fmt.Fprintf(w, "  golangci-lint:  disable: [%s] in the idemlint plugin's settings; //nolint:idemlint for one report\n", analyzer)
	}
	fmt.Fprintf(w, "\nMore: %s\n", url)
	return nil
}

// documentation returns an analyzer's Doc, URL and flags, including the
// pseudo-analyzer of idemlint's directive checks.
func documentation(name string) (doc, url string, flags *flag.FlagSet, ok bool) {
	if name == directiveAnalyzer {
		return directiveDoc, directiveURL, nil, true
	}
	for _, a := range passes.All() {
		if a.Name == name {
			return a.Doc, a.URL, &a.Flags, true
		}
	}
	return "", "", nil, false
}

func hasHazard(analyzer, id string) bool { return slices.Contains(hazardIDs(analyzer), id) }

// hazardSummary is the summary of a hazard's first row.
func hazardSummary(analyzer, id string) string {
	for _, h := range hazards {
		if h.analyzer == analyzer && h.id == id {
			return h.summary
		}
	}
	return ""
}
