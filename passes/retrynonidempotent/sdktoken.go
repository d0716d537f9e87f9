package retrynonidempotent

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// checkSDKTokens reports an SDK operation whose input has an idempotency
// token field (ClientToken, ClientRequestToken) left unset, when the input
// is built anew on every attempt of a retry site of the program. The SDK
// fills in a new token for each call (and keeps it for its own retries, by
// writing it into the input), so an input built once before the retry
// carries one token through every attempt, but one built in the attempt
// carries a new token each time: the service cannot tell the retry from a
// new request. The client's own retries are not such a site.
func (a *analyzer) checkSDKTokens(sites []*retrysite.Site) {
	info := a.pass.TypesInfo
	for _, s := range sites {
		if s.Kind == retrysite.Client || s.Kind == retrysite.Redelivery || s.Op.Body == nil {
			continue
		}
		// A retry of definite answers only (the write lost a race, the
		// request never left) needs a new request, and a new token.
		if s.OnlyRetries(func(t ast.Expr) bool { return retrysite.NotSent(info, t) }) || s.OnlyRetriesUnretried(info) {
			continue
		}
		for n, fn := range a.index.In(s.Op.Body, nil) {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 || a.done[call] || !s.InAttempt(call) {
				continue
			}
			if !libs.IsAWSOperation(fn) {
				continue
			}
			field := libs.AWSTokenField(info.TypeOf(call.Args[1]))
			if field == "" || !a.builtPerAttempt(s.Op.Body, call.Args[1], field) {
				continue
			}
			a.done[call] = true
			report.Report(a.pass, analysis.Diagnostic{Pos: call.Pos(), End: call.End(),
				Message: fn.Name() + " request is retried without a " + field + ": the AWS SDK fills in a new token for each call, so the service cannot tell the retry from a new request; generate one token per operation, outside the retry, and set " + field + " on every attempt"})
		}
	}
}

// builtPerAttempt reports whether an operation's input is a literal made
// in the attempt (&ec2.RunInstancesInput{...} as the argument, or in a
// variable declared in body) that leaves the token field unset.
func (a *analyzer) builtPerAttempt(body *ast.BlockStmt, in ast.Expr, field string) bool {
	info := a.pass.TypesInfo
	if lit := inputLiteral(in); lit != nil {
		return !setsField(lit, field)
	}
	id, ok := ast.Unparen(in).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !astutil.Contains(body, id) || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false // declared before the attempt: built once
	}
	values := a.index.AssignmentsIn(info, body, v)
	if len(values) == 0 {
		return false
	}
	for _, e := range values {
		lit := inputLiteral(e)
		if lit == nil || setsField(lit, field) {
			return false
		}
	}
	for n := range a.index.In(body, bodies.Every) {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, l := range as.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && sel.Sel.Name == field {
					if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[x] == v {
						return false // input.ClientToken = ...
					}
				}
			}
		}
	}
	return true
}

// inputLiteral returns the literal of &T{...} or T{...}, or nil.
func inputLiteral(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

func setsField(lit *ast.CompositeLit, field string) bool {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return true // positional: every field is set
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
			return true
		}
	}
	return false
}
