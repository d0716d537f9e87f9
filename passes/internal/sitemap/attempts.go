package sitemap

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
	"github.com/idemlint/idemlint/passes/retryamplify"
)

// attempts says how many times a site runs its operation when it keeps
// failing: the count retryamplify multiplies by, or else what the bound
// retrysite found tests. The driver turns it to unbounded where
// unboundedretry reported the site.
func (d *describer) attempts(s *retrysite.Site, category string) Attempts {
	info := d.pass.TypesInfo
	n := retryamplify.Attempts(info, s)
	switch category {
	case "loop", "goto", "recursion", "failure-path":
		return d.loopAttempts(s, n)
	case "library":
		return d.policyAttempts(s, n)
	case "helper":
		if d.amp != nil && d.amp.Helpers[s.Pos()] > 0 {
			n = d.amp.Helpers[s.Pos()]
			return Attempts{Count: n, Bound: "count", Text: strconv.Itoa(n), From: "the helper " + qualified(s.HelperFunc)}
		}
		if s.Library.Name != "" { // a helper that hands its options to a library helper
			return d.policyAttempts(s, n)
		}
		return Attempts{Bound: "unknown", Text: "as the helper retries", From: qualified(s.HelperFunc)}
	case "client":
		return clientAttempts(s.Client.Attempts)
	case "handler":
		return handlerAttempts(s.Redelivery)
	}
	return Attempts{Bound: "unknown", Text: "unknown"}
}

func (d *describer) loopAttempts(s *retrysite.Site, n int) Attempts {
	switch {
	case s.Uncounted:
		return Attempts{Bound: "unbounded", Text: "unbounded", From: "a failure path goes round without counting"}
	case s.Bound == nil:
		return Attempts{Bound: "unbounded", Text: "unbounded"}
	}
	from, at := d.code(s.Bound), d.at(s.Bound.Pos())
	if n > 0 {
		return Attempts{Count: n, Bound: "count", Text: strconv.Itoa(n), From: from, At: at}
	}
	switch boundKind(d.pass.TypesInfo, s.Bound) {
	case "context":
		return Attempts{Bound: "context", Text: "until ctx", From: from, At: at}
	case "deadline":
		return Attempts{Bound: "deadline", Text: "until deadline", From: from, At: at}
	case "stop":
		return Attempts{Bound: "stop", Text: "until stopped", From: from, At: at}
	}
	return Attempts{Bound: "config", Text: "unknown (from configuration)", From: from, At: at}
}

// policyAttempts reads a library helper's count from its family, as
// retryamplify does, or else what its context says.
func (d *describer) policyAttempts(s *retrysite.Site, n int) Attempts {
	from, at := d.policyText(s), token.NoPos
	if from == "" {
		from = "library default"
	}
	if s.Policy != nil && len(s.Policy.Calls) > 0 {
		at = s.Policy.Calls[0].Pos()
	}
	switch {
	case n > 0:
		return Attempts{Count: n, Bound: "count", Text: strconv.Itoa(n), From: from, At: d.at(at)}
	case s.Ctx != nil && libs.HasDeadline(d.pass.TypesInfo, &s.Ctx.Built):
		return Attempts{Bound: "deadline", Text: "until deadline", From: "its context", At: d.at(at)}
	}
	return Attempts{Bound: "config", Text: "unknown (from configuration)", From: from, At: d.at(at)}
}

func clientAttempts(n int) Attempts {
	if n > 0 {
		return Attempts{Count: n, Bound: "count", Text: strconv.Itoa(n), From: "the client's configuration"}
	}
	return Attempts{Bound: "config", Text: "unknown (from configuration)", From: "the client's configuration"}
}

func handlerAttempts(r *retrysite.Redelivered) Attempts {
	switch {
	case r.Attempts > 0 && r.Attempts == r.F.Attempts:
		return Attempts{Count: r.Attempts, Bound: "default", Text: strconv.Itoa(r.Attempts), From: r.F.Name + " default"}
	case r.Attempts > 0:
		return Attempts{Count: r.Attempts, Bound: "count", Text: strconv.Itoa(r.Attempts), From: r.F.Name + " options"}
	}
	return Attempts{Bound: "unbounded", Text: "unbounded", From: r.F.Name + " " + r.F.Again + " until acknowledged"}
}

// boundKind says what a bound retrysite found tests: a context (a
// context's Done or Err, or the error of a wait that stops with one), the
// time, or a counter against a limit not in view.
func boundKind(info *types.Info, bound ast.Node) string {
	kind, fromErr, counted := "", false, false
	ast.Inspect(bound, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || kind == "context" && !fromErr {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		t := info.TypeOf(e)
		switch {
		case t == nil:
		case libs.IsNamed(t, "context", "Context"):
			kind = "context"
		case libs.IsNamed(t, "time", "Time") && kind == "":
			kind = "deadline"
		}
		if call, ok := e.(*ast.CallExpr); ok && kind == "" {
			if fn := libs.Callee(info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
				kind = "deadline"
			}
		}
		if b, ok := e.(*ast.BinaryExpr); ok && kind == "" && (b.Op == token.NEQ || b.Op == token.EQL) && isError(info.TypeOf(b.X)) {
			kind, fromErr = "context", true // if err := sleep(ctx, d); err != nil: a wait that stops with the context
		}
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LSS || b.Op == token.LEQ || b.Op == token.GTR || b.Op == token.GEQ) {
			counted = true
		}
		return true
	})
	if fromErr && counted {
		kind = "" // err != nil && attempt <= max: the count ends it, the error only says it failed
	}
	if kind == "" && stops(info, bound) {
		kind = "stop"
	}
	return kind
}

// stops reports whether a bound is a quit channel received from (case
// <-r.done:) or a stop flag read through a call or a field (for
// r.running.Load()): the retries end when someone closes or clears it.
func stops(info *types.Info, bound ast.Node) bool {
	switch b := bound.(type) {
	case *ast.CommClause:
		return b.Comm != nil
	case *ast.ExprStmt: // the case's communication: <-r.done
		bound = b.X
	case *ast.AssignStmt:
		bound = b.Rhs[0]
	}
	if u, ok := bound.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return true
	}
	e, ok := bound.(ast.Expr)
	if !ok {
		return false
	}
	if t := info.TypeOf(e); t == nil || !types.Identical(t.Underlying(), types.Typ[types.Bool]) {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			found = found || len(n.Args) == 0 // r.closed(), flag.Load()
		case *ast.SelectorExpr:
			if v, ok := info.ObjectOf(n.Sel).(*types.Var); ok && v.IsField() && types.Identical(v.Type().Underlying(), types.Typ[types.Bool]) {
				found = true // for !c.closed
			}
		}
		return !found
	})
	return found
}

func isError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}
