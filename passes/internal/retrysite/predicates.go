package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// predicateArg returns the predicate a retry helper call hands its helper
// to decide which errors go round, or nil: a predicate argument of the
// library helper (k8s retry.OnError), a RetryIf option among those it is
// given (the last one counts), or the argument at a user-defined helper's
// predicate parameter (HelperFact.Pred).
func predicateArg(info *types.Info, s *Site) ast.Expr {
	call, ok := s.Node.(*ast.CallExpr)
	if !ok || s.Kind != Helper && s.Kind != UserHelper {
		return nil
	}
	if s.MadePred != nil {
		return s.MadePred
	}
	var pred ast.Expr
	if i, ok := libs.RetryPredicates.Lookup(s.HelperFunc); ok && i < len(call.Args) {
		pred = call.Args[i]
	}
	if s.UserHelper != nil && s.UserHelper.Pred >= 0 && s.UserHelper.Pred < len(call.Args) && !variadicAt(s.HelperFunc, s.UserHelper.Pred) {
		pred = call.Args[s.UserHelper.Pred]
	}
	for _, o := range s.Options {
		if i, ok := libs.RetryPredicates.Lookup(libs.Callee(info, o)); ok && i < len(o.Args) {
			pred = o.Args[i]
		}
	}
	return pred
}

func variadicAt(fn *types.Func, i int) bool {
	sig := fn.Signature()
	return sig.Variadic() && i >= sig.Params().Len()-1
}

// readPredicates reads, for each helper call, the predicate it hands its
// helper, and whether its operation's own tests let only unprocessed
// attempts go round.
func (f *finder) readPredicates(sites []*Site, unsent status.Unsent) {
	body := f.decls.Body
	u := &status.Unprocessed{Unsent: unsent, Body: body}
	for _, s := range sites {
		if e := predicateArg(f.info, s); e != nil {
			s.Pred = status.ReadPredicate(f.info, e, body, unsent)
		}
		if s.Kind == UserHelper && s.UserHelper != nil && (s.UserHelper.Throttled || s.UserHelper.Refused) {
			s.OpUnprocessed = true // the helper retries only what the server refused
			continue
		}
		if (s.Kind == Helper || s.Kind == UserHelper) && s.Op.Body != nil && hasIf(s.Op.Body) {
			s.OpUnprocessed = status.OnlyUnprocessedRetried(f.info, s, f.facts.Lookup, u)
		}
	}
}

// hasIf reports whether a body tests anything: an operation without an
// if returns every error it gets.
func hasIf(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.IfStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// predParam returns the index of the parameter func(error) bool of fd that
// decides which failures the retry sites of fd running its operation
// retry, or -1: one handed on as a helper's predicate (retry.Do(op,
// retry.RetryIf(retryable))), or one called in a retry loop's failure
// test such that a false answer always ends the retries (if err == nil ||
// !retryable(err) { return err }).
func (f *finder) predParam(fd *ast.FuncDecl, sites []*Site) int {
	fn, ok := f.info.Defs[fd.Name].(*types.Func)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	index := map[types.Object]int{}
	for i := range params.Len() {
		if isErrorPredicate(params.At(i).Type()) && !variadicAt(fn, i) {
			index[params.At(i)] = i
		}
	}
	if len(index) == 0 {
		return -1
	}
	for _, s := range sites {
		if s.Encl == nil || s.Encl.Pos() < fd.Pos() || s.Encl.End() > fd.End() {
			continue
		}
		if id, ok := ast.Unparen(predicateArg(f.info, s)).(*ast.Ident); ok {
			if i, ok := index[f.info.Uses[id]]; ok {
				return i
			}
		}
		if s.Kind != Loop {
			continue
		}
		for p, i := range index {
			if testsCall(f.info, s.Tests, p) && status.PredicateDecides(f.info, s, p, f.facts.Lookup) {
				return i
			}
		}
	}
	return -1
}

// isErrorPredicate reports whether t is a func(error) bool.
func isErrorPredicate(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		site.IsErrorType(sig.Params().At(0).Type()) && site.IsBool(sig.Results().At(0).Type())
}

// testsCall reports whether one of tests calls the function value v.
func testsCall(info *types.Info, tests []ast.Expr, v types.Object) bool {
	for _, t := range tests {
		found := false
		ast.Inspect(t, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
