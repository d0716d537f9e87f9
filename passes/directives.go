package passes

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/report"
)

// The ignore directives, for drivers: they live in an internal package the
// analyzers share.
const (
	// DirectivePrefix starts an //idemlint:ignore directive.
	DirectivePrefix = report.DirectivePrefix
	// SuppressedCategory marks a report a directive silenced, made by the
	// analyzers KeepingSuppressed returns.
	SuppressedCategory = report.Suppressed
)

// KeepingSuppressed returns copies of the analyzers that report what
// directives silence, marked with SuppressedCategory and a related position
// at the directive; a standalone driver runs them for SARIF suppressions and
// stale directives. The analyzers themselves are left as they are, so a host
// that runs them too (golangci-lint, go vet) still drops silenced reports.
func KeepingSuppressed(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		c := *a
		c.Requires = append(slices.Clip(a.Requires), report.KeepSuppressed)
		out[i] = &c
	}
	return out
}

// ParseDirective splits an ignore directive into the analyzers it names and
// its reason; isDirective is false for any other comment.
func ParseDirective(comment string) (names []string, reason string, isDirective bool) {
	return report.ParseDirective(comment)
}
