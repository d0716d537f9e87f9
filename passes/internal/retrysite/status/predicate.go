package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// A retry helper can be handed a predicate that decides which errors go
// round: retry-go's RetryIf(isRetryable), k8s retry.OnError(b,
// isRetryable, fn), or the predicate parameter of a helper of the program
// (Do(ctx, op, isRetryable)). An error it answers false for ends the
// retries. Every analyzer reads it the same way: retrynonidempotent asks
// whether it lets only unprocessed attempts go round (RULES.md: a 429, an
// attempt never sent), and the failure simulation asks what it answers
// for each status (predicateJudge).

// ReadPredicate reads the predicate e, a function literal or a function
// whose body body returns (nil when it is not in this package): true for
// every error, true only for an unprocessed attempt, or unknown.
func ReadPredicate(info *types.Info, e ast.Expr, body func(*types.Func) *ast.BlockStmt, u Unsent) *site.Predicate {
	p := &site.Predicate{Expr: e}
	lit, fn := astutil.FuncValue(info, e)
	p.Func = fn
	var b *ast.BlockStmt
	switch {
	case lit != nil:
		b = lit.Body
	case fn != nil && u[fn]:
		p.Reading = site.PredUnprocessed // a NotSentFact: true only for an error of an attempt never sent
		return p
	case fn != nil:
		b = body(fn)
	}
	switch {
	case b == nil:
	case astutil.EveryReturn(b, func(e ast.Expr) bool { return isBoolConst(info, e, true) }):
		p.Reading = site.PredAll
	case astutil.EveryReturn(b, func(e ast.Expr) bool { return u.provesUnprocessed(info, e) }):
		p.Reading = site.PredUnprocessed
	}
	return p
}

// provesUnprocessed reports whether a boolean expression is true only for
// a 4xx rejection (a 429, a 403; Rejection, RejectionText) or an error of
// an attempt that was never sent.
func (u Unsent) provesUnprocessed(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		return !constant.BoolVal(tv.Value)
	}
	if b, ok := e.(*ast.BinaryExpr); ok {
		switch b.Op {
		case token.LAND:
			return u.provesUnprocessed(info, b.X) || u.provesUnprocessed(info, b.Y)
		case token.LOR:
			return u.provesUnprocessed(info, b.X) && u.provesUnprocessed(info, b.Y)
		case token.EQL:
			if Rejection(info, b.X) || Rejection(info, b.Y) {
				return true // a 429, a 403: the server refused it
			}
		}
	}
	return RejectionText(info, e) || u.NotSent(info, e)
}

func isBoolConst(info *types.Info, e ast.Expr, v bool) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == v
}

// predicateJudge filters the ends that j sends round through the site's
// predicate: an error it answers false for ends the retries. What it
// answers for the error the simulated status made is read from its code
// (true for all, true only for a 429) or, for a named error classifier,
// from its RespFact; any other answer is unknown, and so is its answer
// for an error the status did not make.
func predicateJudge(j judge, pred *site.Predicate) judge {
	if pred == nil {
		return j
	}
	return func(s *sim, e simEnd) endKind {
		k := j(s, e)
		if k != endRetry || pred.Reading == site.PredAll {
			return k
		}
		ret, ok := e.node.(*ast.ReturnStmt)
		if !ok || len(ret.Results) == 0 {
			return endUnknown
		}
		v := s.errVal(ret.Results[len(ret.Results)-1], e.p)
		if v.kind != errStatus || !v.mask.Has(s.code) {
			return endUnknown
		}
		code := s.status()
		if pred.Reading == site.PredUnprocessed {
			if code == 429 {
				return endRetry
			}
			return endExit
		}
		if pred.Func != nil && s.facts != nil {
			if f := s.facts(pred.Func); f != nil && f.Predicate && isErrorParam(pred.Func, f.Param) {
				switch {
				case f.True.Has(code):
					return endRetry
				case f.False.Has(code):
					return endExit
				}
			}
		}
		return endUnknown
	}
}
