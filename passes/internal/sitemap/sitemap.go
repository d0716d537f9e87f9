package sitemap

import (
	"go/ast"
	"go/token"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/retryamplify"
)

// Analyzer describes the retry sites of a package. The driver adds it to
// a run only when a map is asked for (idemlint -sites).
var Analyzer = &analysis.Analyzer{
	Name:       "sitemap",
	Doc:        "describe every retry site of a package for the retry map (idemlint -sites)",
	Run:        run,
	Requires:   []*analysis.Analyzer{retrysite.Analyzer, retryamplify.Analyzer, bodies.Analyzer},
	ResultType: reflect.TypeFor[[]Site](),
}

// describer puts the sites of one package in words.
type describer struct {
	pass  *analysis.Pass
	index *bodies.Index
	amp   *retryamplify.Result
	decls []*bodies.Body // the declared functions, for Function
	// backoffs holds the waits of loops whose success goes round too, by
	// loop: retrysite lists their failure paths apart, without waits.
	backoffs map[ast.Node]*retrysite.Site
}

func run(pass *analysis.Pass) (any, error) {
	res, _ := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	if res == nil { // retrysite failed on the package: nothing to describe
		return []Site(nil), nil
	}
	d := &describer{pass: pass, index: pass.ResultOf[bodies.Analyzer].(*bodies.Index)}
	// The driver may require a copy of retryamplify (passes.SiteMap): its
	// result is found by type.
	for _, r := range pass.ResultOf {
		if amp, ok := r.(*retryamplify.Result); ok {
			d.amp = amp
		}
	}
	d.decls = d.index.Decls()
	d.backoffs = map[ast.Node]*retrysite.Site{}
	for _, s := range res.Backoffs {
		d.backoffs[s.Node] = s
	}
	var out []Site
	seen := map[token.Pos]bool{}
	add := func(s *retrysite.Site, category string) {
		if !seen[s.Pos()] {
			seen[s.Pos()] = true
			out = append(out, d.describe(s, category))
		}
	}
	var clients []*retrysite.Site
	for _, s := range res.Sites {
		switch s.Kind {
		case retrysite.Client:
			clients = append(clients, s)
		default:
			add(s, categoryOf(s))
		}
	}
	for _, s := range res.Gotos {
		add(s, "goto")
	}
	for _, s := range res.Recursions {
		add(s, "recursion")
	}
	// A loop whose success goes round too retries on its failure paths
	// (RULES.md, reconnect loops): nojitter and unboundedretry judge it.
	for _, s := range res.FailureRetries {
		add(s, "failure-path")
	}
	out = append(out, d.clientRows(clients)...)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return out, nil
}

// describe makes the row of one site.
func (d *describer) describe(s *retrysite.Site, category string) Site {
	row := d.row(s.Node, category, kindOf(s, category))
	row.Attempts = d.attempts(s, category)
	row.Wait = d.wait(s, category)
	row.Repeats = d.repeats(s)
	if row.Wait.RetryAfter == "" && category != "handler" && readsHTTP(row.Repeats) {
		row.Wait.RetryAfter = d.retryAfter(s)
	}
	row.Nested = d.nested(s)
	row.Spans = append(row.Spans, d.opSpans(s)...)
	return row
}

// row starts the row of a site at node n.
func (d *describer) row(n ast.Node, category, kind string) Site {
	p := d.pos(n.Pos())
	return Site{
		Pos:      p,
		EndLine:  d.pass.Fset.Position(n.End()).Line,
		Package:  d.pass.Pkg.Path(),
		Function: d.function(n.Pos()),
		Category: category,
		Kind:     kind,
		Spans:    []Span{d.span(n)},
	}
}

func (d *describer) pos(p token.Pos) Pos {
	q := d.pass.Fset.Position(p)
	return Pos{File: q.Filename, Line: q.Line, Col: q.Column}
}

func (d *describer) at(p token.Pos) *Pos {
	if !p.IsValid() {
		return nil
	}
	q := d.pos(p)
	return &q
}

func (d *describer) span(n ast.Node) Span {
	p, q := d.pass.Fset.Position(n.Pos()), d.pass.Fset.Position(n.End())
	return Span{File: p.Filename, Start: p.Offset, End: q.Offset}
}

// function names the declared function holding pos, as baselines do.
func (d *describer) function(pos token.Pos) string {
	for _, b := range d.decls {
		if b.Node.Pos() <= pos && pos < b.Node.End() {
			return astutil.FuncName(b.Func)
		}
	}
	return ""
}

// opSpans are the parts of a site's code outside its node where reports
// belong to it: the body of an operation declared apart, and what builds
// the policy it is given.
func (d *describer) opSpans(s *retrysite.Site) []Span {
	var out []Span
	if b := s.Op.Body; b != nil && !astutil.Contains(s.Node, b) {
		out = append(out, d.span(b))
	}
	if s.Policy != nil {
		for _, c := range s.Policy.Calls {
			out = append(out, d.span(c))
		}
		for _, l := range s.Policy.Lits {
			out = append(out, d.span(l))
		}
		for _, v := range s.Policy.Fields { // b.MaxElapsedTime = 0
			out = append(out, d.span(v))
		}
	}
	return out
}
