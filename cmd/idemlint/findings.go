package main

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/passes"
)

// finding is one report, with what every output format needs.
type finding struct {
	analyzer string
	pkg      string
	posn     token.Position
	end      token.Position
	message  string
	related  []related
	fixes    []fix
	function string // the enclosing function, for baselines
	// suppressed is set for a report silenced by a directive, whose text
	// is in justification.
	suppressed    bool
	justification string
	directive     token.Position
}

type related struct {
	posn    token.Position
	message string
}

// fix is a suggested fix with its edits resolved to file offsets.
type fix struct {
	message string
	edits   []edit
}

type edit struct {
	file       string
	start, end int // byte offsets
	line, col  int // of start, for SARIF
	endLine    int
	endCol     int
	text       string
}

// unit is what the analysis of one root package yields, and all the
// cache keeps of it: its findings and its ignore directives, and its retry
// sites when the run mapped them.
type unit struct {
	id         string
	broken     bool // it, or a package it imports, failed to load or type-check
	findings   []finding
	directives []directive
	mapped     bool // the run made the map: sites holds all there are
	sites      []passes.Site
}

// collect turns the analysis graph's root diagnostics into findings, one
// unit per root package, and the map's rows into its sites when mapped.
func collect(graph *checker.Graph, roots []*packages.Package, mapped bool) []unit {
	units := make([]unit, len(roots))
	index := map[string]int{}
	broken := brokenPackages(roots)
	for i, p := range roots {
		units[i] = unit{id: p.ID, broken: broken[p], directives: directivesOf(p), mapped: mapped}
		index[p.ID] = i
	}
	for _, act := range graph.Roots {
		i, ok := index[act.Package.ID]
		if !ok {
			continue
		}
		if rows, ok := act.Result.([]passes.Site); ok {
			units[i].sites = append(units[i].sites, rows...)
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			f := finding{
				analyzer: act.Analyzer.Name,
				pkg:      act.Package.PkgPath,
				posn:     fset.Position(d.Pos),
				end:      fset.Position(d.End),
				message:  d.Message,
				function: enclosingFunc(act.Package.Syntax, act.Package.TypesInfo, d.Pos),
			}
			for _, r := range d.Related {
				if d.Category == passes.SuppressedCategory && strings.HasPrefix(r.Message, passes.DirectivePrefix) {
					f.suppressed = true
					f.directive = fset.Position(r.Pos)
					_, f.justification, _ = passes.ParseDirective(r.Message)
					continue
				}
				f.related = append(f.related, related{fset.Position(r.Pos), r.Message})
			}
			for _, sf := range d.SuggestedFixes {
				f.fixes = append(f.fixes, resolveFix(fset, sf))
			}
			units[i].findings = append(units[i].findings, f)
		}
	}
	return units
}

// merge gathers the units' findings, once each (a file is in a package
// and in its test variant), in file and position order, and their
// directives.
func merge(units []unit) ([]finding, []directive) {
	seen := map[string]bool{}
	var all []finding
	var dirs []directive
	for _, u := range units {
		for _, f := range u.findings {
			if key := f.key(); !seen[key] {
				seen[key] = true
				all = append(all, f)
			}
		}
		dirs = append(dirs, u.directives...)
	}
	sortFindings(all)
	return all, dirs
}

func (f finding) key() string {
	return f.posn.String() + "\x00" + f.analyzer + "\x00" + f.message
}

func sortFindings(all []finding) {
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i].posn, all[j].posn
		switch {
		case a.Filename != b.Filename:
			return a.Filename < b.Filename
		case a.Line != b.Line:
			return a.Line < b.Line
		case a.Column != b.Column:
			return a.Column < b.Column
		case all[i].analyzer != all[j].analyzer:
			return all[i].analyzer < all[j].analyzer
		}
		return all[i].message < all[j].message
	})
}

func resolveFix(fset *token.FileSet, sf analysis.SuggestedFix) fix {
	out := fix{message: sf.Message}
	for _, e := range sf.TextEdits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		p, q := fset.Position(e.Pos), fset.Position(end)
		out.edits = append(out.edits, edit{file: p.Filename, start: p.Offset, end: q.Offset,
			line: p.Line, col: p.Column, endLine: q.Line, endCol: q.Column, text: string(e.NewText)})
	}
	return out
}

// enclosingFunc names the function declaration holding pos ("(*T).M" or
// "F"), or "" at package level.
func enclosingFunc(files []*ast.File, info *types.Info, pos token.Pos) string {
	for _, f := range files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || pos < fd.Pos() || pos > fd.End() {
				continue
			}
			if obj, ok := info.Defs[fd.Name].(*types.Func); ok {
				return strings.TrimPrefix(obj.FullName(), obj.Pkg().Path()+".")
			}
			return fd.Name.Name
		}
	}
	return ""
}

// relative shortens a path under the working directory, as go vet does.
func relative(name string) string {
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return name
}
