// Package report is the one way idemlint's analyzers report: it drops
// reports in generated files and those silenced by an
// `//idemlint:ignore <analyzer> <reason>` directive on the line of the report
// or the line above.
package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// KeepSuppressed, when an analyzer requires it, makes Report pass on the
// reports a directive silences, marked with the Suppressed category and a
// related position at the directive, instead of dropping them. Only the
// standalone driver asks for it (it needs them for SARIF's suppressions and
// to tell stale directives), by running copies of the analyzers that
// require it: a setting in the run's analyzers, not a process-wide switch
// that a long-running host running several drivers would share.
var KeepSuppressed = &analysis.Analyzer{
	Name:       "keepsuppressed",
	Doc:        "ask idemlint's analyzers to report what directives silence, marked as suppressed",
	Run:        func(*analysis.Pass) (any, error) { return true, nil },
	ResultType: reflect.TypeFor[bool](),
}

// Suppressed is the category of a silenced report (with KeepSuppressed).
const Suppressed = "idemlint:suppressed"

// Report reports d unless it is in a generated file or silenced.
func Report(pass *analysis.Pass, d analysis.Diagnostic) {
	file := FileOf(pass, d.Pos)
	if file == nil || generated(file) {
		return
	}
	if c := ignoredBy(pass, file, d.Pos); c != nil {
		if _, keep := pass.ResultOf[KeepSuppressed]; !keep {
			return
		}
		d.Category = Suppressed
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: c.Slash, Message: c.Text})
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

// ignoredBy returns the directive naming this analyzer (or "all"), with a
// reason, on pos's line or the line above, or nil. A directive without a
// reason silences nothing: the reason is what a reviewer reads later.
func ignoredBy(pass *analysis.Pass, file *ast.File, pos token.Pos) *ast.Comment {
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
					return c
				}
			}
		}
	}
	return nil
}

// DirectivePrefix starts an ignore directive.
const DirectivePrefix = "//idemlint:ignore"

// Directive parses `//idemlint:ignore name[,name] reason`; ok is false when
// the comment is not a directive or gives no reason.
func Directive(comment string) (names []string, ok bool) {
	names, reason, isDirective := ParseDirective(comment)
	return names, isDirective && reason != ""
}

// ParseDirective splits an ignore directive into the analyzers it names and
// its reason; isDirective is false for any other comment.
func ParseDirective(comment string) (names []string, reason string, isDirective bool) {
	rest, found := strings.CutPrefix(comment, DirectivePrefix)
	if !found || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, "", false
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return nil, "", true
	}
	return strings.Split(fields[0], ","), strings.Join(fields[1:], " "), true
}

// WrapCall offers to wrap call, a call of a package's function (pkg.F(...)),
// in another function of the same package: pkg.wrapper(lead, pkg.F(...)).
// It returns no fix when the call is not qualified by a package name.
func WrapCall(call *ast.CallExpr, wrapper, lead string) []analysis.SuggestedFix {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: fmt.Sprintf("wrap in %s.%s(%s, ...)", pkg.Name, wrapper, lead),
		TextEdits: []analysis.TextEdit{
			{Pos: call.Pos(), End: call.Pos(), NewText: []byte(pkg.Name + "." + wrapper + "(" + lead + ", ")},
			{Pos: call.End(), End: call.End(), NewText: []byte(")")},
		},
	}}
}

// generated reports whether a file says it is generated, other than by
// cmd/cgo: go/packages hands analyzers cgo's rewrite of a user's file, which
// says so, but the code is the user's.
func generated(file *ast.File) bool {
	if !ast.IsGenerated(file) {
		return false
	}
	for _, group := range file.Comments {
		if group.Pos() > file.Package {
			break
		}
		for _, c := range group.List {
			if strings.Contains(c.Text, "Code generated by cmd/cgo") {
				return false
			}
		}
	}
	return true
}
