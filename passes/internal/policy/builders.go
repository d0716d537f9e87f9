package policy

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Builders reports the findings of policies kept in a struct field or a
// package variable where the policy is built, once each (RULES.md: "at
// the expression that builds the policy"; a policy built once and used
// by several sites is one report, at its builder), however many retry
// helpers read it.
type Builders struct {
	pass *analysis.Pass
	done map[ast.Node]bool
}

// NewBuilders returns an empty set of reported builders.
func NewBuilders(pass *analysis.Pass) *Builders {
	return &Builders{pass: pass, done: map[ast.Node]bool{}}
}

// Report reports each finding whose node has not been reported yet.
func (b *Builders) Report(fs []libs.Finding) {
	for _, f := range fs {
		if !b.done[f.At] {
			b.done[f.At] = true
			libs.ReportFindings(b.pass, []libs.Finding{f})
		}
	}
}
