package nojitter

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// waitsByAttempt reports whether an attempt of loop site s is given the
// loop's counter by a function of the package that backs off itself
// before every attempt but the first (go-redis's _process: if attempt > 0
// { internal.Sleep(ctx, c.retryBackoff(attempt)) }): the loop does not
// retry at once. The wait is a call given a duration under an if that
// tests the counter's parameter.
func waitsByAttempt(pass *analysis.Pass, s *retrysite.Site) bool {
	f, ok := s.Node.(*ast.ForStmt)
	if !ok || f.Init == nil {
		return false
	}
	info := pass.TypesInfo
	counters := map[types.Object]bool{}
	if as, ok := f.Init.(*ast.AssignStmt); ok {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && site.IsInteger(info.TypeOf(id)) {
				counters[info.ObjectOf(id)] = true
			}
		}
	}
	// attempt := attempt: the round's copy of the counter.
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, r := range as.Rhs {
				if id, ok := as.Lhs[i].(*ast.Ident); ok && site.MentionsAny(info, r, counters) {
					counters[info.ObjectOf(id)] = true
				}
			}
		}
		return true
	})
	for _, n := range s.Attempt {
		_, call := site.OpParts(n)
		if call == nil {
			continue
		}
		fd := declOf(pass, libs.Callee(info, call))
		for i, a := range call.Args {
			if site.MentionsAny(info, a, counters) && fd != nil && backsOffOn(info, fd, i) {
				return true
			}
		}
	}
	return false
}

// declOf returns the declaration of fn in the package, or nil, from the
// package's index of bodies.
func declOf(pass *analysis.Pass, fn *types.Func) *ast.FuncDecl {
	if fn == nil || fn.Pkg() != pass.Pkg {
		return nil
	}
	for _, b := range pass.ResultOf[bodies.Analyzer].(*bodies.Index).Decls() {
		if fd, ok := b.Node.(*ast.FuncDecl); ok && b.Func == fn.Origin() && fd.Body != nil {
			return fd
		}
	}
	return nil
}

// backsOffOn reports whether fd, under an if testing its parameter i,
// calls something given a duration (sleep(ctx, backoff(attempt))).
func backsOffOn(info *types.Info, fd *ast.FuncDecl, i int) bool {
	var params []*ast.Ident
	for _, f := range fd.Type.Params.List {
		params = append(params, f.Names...)
	}
	if i >= len(params) {
		return false
	}
	p := map[types.Object]bool{info.Defs[params[i]]: true}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found || !site.MentionsAny(info, ifs.Cond, p) {
			return !found
		}
		ast.Inspect(ifs.Body, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok && slices.ContainsFunc(call.Args, func(a ast.Expr) bool { return isDuration(info.TypeOf(a)) }) {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}
