package main

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/passes"
)

// directiveAnalyzer is the name idemlint's own reports about directives
// carry; directiveDoc and directiveURL document them as an analyzer's Doc
// and URL would.
const (
	directiveAnalyzer = "idemlint"
	directiveDoc      = "report idemlint:ignore directives that give no reason or silence nothing\n\nA directive must say why, and one that silences nothing is stale."
	directiveURL      = repoURL + "#silencing-a-report"
)

// A directive is an //idemlint:ignore comment of a root package.
type directive struct {
	pkg    string
	posn   token.Position
	names  []string
	reason string
}

// directivesOf lists the ignore directives in a package's files.
func directivesOf(p *packages.Package) []directive {
	var out []directive
	for _, file := range p.Syntax {
		for _, group := range file.Comments {
			for _, c := range group.List {
				if names, reason, ok := passes.ParseDirective(c.Text); ok {
					out = append(out, directive{p.PkgPath, p.Fset.Position(c.Slash), names, reason})
				}
			}
		}
	}
	return out
}

// checkDirectives reports the //idemlint:ignore directives of the root
// packages that give no reason, or name an analyzer that ran and silence
// nothing, so that stale directives do not pile up.
func checkDirectives(dirs []directive, ran []*analysis.Analyzer, findings []finding) []finding {
	used := map[string]bool{}
	for _, f := range findings {
		if f.suppressed {
			used[lineKey(f.directive)] = true
		}
	}
	running := map[string]bool{"all": true}
	for _, a := range ran {
		running[a.Name] = true
	}
	var out []finding
	seen := map[string]bool{}
	for _, d := range dirs {
		if seen[lineKey(d.posn)] {
			continue // the file is in a package and its test variant
		}
		seen[lineKey(d.posn)] = true
		msg := ""
		switch {
		case len(d.names) == 0 || d.reason == "":
			msg = "idemlint:ignore directive gives no reason, so it silences nothing; write why after the analyzer's name"
		case !used[lineKey(d.posn)] && anyRunning(d.names, running):
			msg = fmt.Sprintf("idemlint:ignore directive for %s silences nothing; remove it", strings.Join(d.names, ","))
		default:
			continue
		}
		out = append(out, finding{analyzer: directiveAnalyzer, pkg: d.pkg, posn: d.posn, end: d.posn, message: msg})
	}
	return out
}

func anyRunning(names []string, running map[string]bool) bool {
	for _, n := range names {
		if running[n] {
			return true
		}
	}
	return false
}

func lineKey(p token.Position) string { return fmt.Sprintf("%s:%d", p.Filename, p.Line) }
