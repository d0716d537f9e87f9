// Package report is the one way idemlint's analyzers report: it drops
// reports in generated files and those silenced by an
// `//idemlint:ignore <analyzer> <reason>` directive on the line of the report
// or the line above.
package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Report reports d unless it is in a generated file or silenced.
func Report(pass *analysis.Pass, d analysis.Diagnostic) {
	file := FileOf(pass, d.Pos)
	if file == nil || ast.IsGenerated(file) || ignored(pass, file, d.Pos) {
		return
	}
	pass.Report(d)
}

// At reports a message at node n.
func At(pass *analysis.Pass, n ast.Node, format string, args ...any) {
	Report(pass, analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: fmt.Sprintf(format, args...)})
}

// AtFor reports a message at the for keyword of a loop: the loop is the
// finding, and a short range keeps editors from underlining all of it.
func AtFor(pass *analysis.Pass, loop ast.Node, format string, args ...any) {
	Report(pass, analysis.Diagnostic{Pos: loop.Pos(), End: loop.Pos() + token.Pos(len("for")), Message: fmt.Sprintf(format, args...)})
}

// FileOf returns the file of the pass that holds pos.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// ignored reports whether a directive naming this analyzer (or "all"), with
// a reason, sits on pos's line or the line above. A directive without a
// reason silences nothing: the reason is what a reviewer reads later.
func ignored(pass *analysis.Pass, file *ast.File, pos token.Pos) bool {
	line := pass.Fset.Position(pos).Line
	for _, group := range file.Comments {
		for _, c := range group.List {
			l := pass.Fset.Position(c.Slash).Line
			if l != line && l != line-1 {
				continue
			}
			names, ok := Directive(c.Text)
			if !ok {
				continue
			}
			for _, n := range names {
				if n == pass.Analyzer.Name || n == "all" {
					return true
				}
			}
		}
	}
	return false
}

// Directive parses `//idemlint:ignore name[,name] reason`; ok is false when
// the comment is not a directive or gives no reason.
func Directive(comment string) (names []string, ok bool) {
	rest, found := strings.CutPrefix(comment, "//idemlint:ignore ")
	if !found {
		return nil, false
	}
	fields := strings.Fields(rest)
	if len(fields) < 2 {
		return nil, false
	}
	return strings.Split(fields[0], ","), true
}
