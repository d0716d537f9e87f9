package passes

import "github.com/idemlint/idemlint/passes/internal/report"

// The ignore directives, for drivers: they live in an internal package the
// analyzers share.
const (
	// DirectivePrefix starts an //idemlint:ignore directive.
	DirectivePrefix = report.DirectivePrefix
	// SuppressedCategory marks a report a directive silenced, when
	// KeepSuppressed is set.
	SuppressedCategory = report.Suppressed
)

// KeepSuppressed makes the analyzers report what directives silence, marked
// with SuppressedCategory and a related position at the directive; a
// standalone driver uses it for SARIF suppressions and stale directives.
func KeepSuppressed(keep bool) { report.KeepSuppressed = keep }

// ParseDirective splits an ignore directive into the analyzers it names and
// its reason; isDirective is false for any other comment.
func ParseDirective(comment string) (names []string, reason string, isDirective bool) {
	return report.ParseDirective(comment)
}
