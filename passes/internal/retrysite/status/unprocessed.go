package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// An operation handed to a retry helper can decide by itself which
// failures go round: it returns the others wrapped in the helper's
// permanent marker, or nil (err := send(); if err != nil &&
// !isRateLimited(err) { return backoff.Permanent(err) }; return err). It
// retries only unprocessed attempts (RULES.md: a 429, an attempt never
// sent) when every path that goes round passed a test proving that, the
// same reading as a RetryIf predicate's (ReadPredicate).

// Unprocessed is what the reading needs of the package: its not-sent
// predicates, and the bodies of its functions (a predicate called in a
// test is read like a RetryIf predicate).
type Unprocessed struct {
	Unsent Unsent
	Body   func(*types.Func) *ast.BlockStmt
}

// OnlyUnprocessedRetried reports whether every path of the operation of
// a retry helper call that goes round (or whose end cannot be read)
// passed a test proving the attempt was not processed, and some path
// goes round. The simulation takes a request as answered, with the
// status it runs on; the paths of a send that failed before an answer (a
// timeout, after which the server may have processed it) are run too,
// with the send's error non-nil.
func OnlyUnprocessedRetried(info *types.Info, retry *site.Site, facts func(*types.Func) *RespFact, u *Unprocessed) bool {
	body := retry.Op.Body
	if body == nil || retry.Kind == site.Loop {
		return false
	}
	j := judgeFor(info, retry)
	if j == nil {
		return false
	}
	runs := []*assume{nil}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if returnsResponse(info, n) || isSendFact(info, n, facts) {
				runs = append(runs, &assume{failed: n})
			}
		}
		return true
	})
	codes := site.SampleCodes[:1]
	if mentionsResponse(info, body) || mentionsSend(info, body, facts) {
		codes = site.SampleCodes[:]
	}
	rounds := false
	for _, a := range runs {
		for _, code := range codes {
			s := newSim(info, retry, facts, code)
			s.unproc, s.assume = u, a
			p := &simPath{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}
			fall, broke := s.list(body.List, []*simPath{p})
			for _, q := range append(fall, broke...) {
				s.end(body, q)
			}
			if s.failed {
				return false
			}
			for _, e := range s.ends {
				if j(s, e) == endExit {
					continue
				}
				if !e.p.unprocessed {
					return false
				}
				rounds = true
			}
		}
	}
	return rounds
}

func isSendFact(info *types.Info, call *ast.CallExpr, facts func(*types.Func) *RespFact) bool {
	fn := libs.Callee(info, call)
	if fn == nil || facts == nil {
		return false
	}
	f := facts(fn)
	return f != nil && f.Sends
}

// noteUnprocessed marks p when the branch it takes, where cond has the
// value v, proves the attempt was not processed.
func (s *sim) noteUnprocessed(cond ast.Expr, v bool, p *simPath) {
	if s.unproc != nil && !p.unprocessed && s.unprocessedWhen(cond, v, p) {
		p.unprocessed = true
	}
}

// unprocessedWhen reports whether e having the value v proves the
// attempt was not processed. What the path knows decides a side of && and
// || (err != nil && !rateLimited(err) is false, with err non-nil, only
// when rateLimited(err) is true).
func (s *sim) unprocessedWhen(e ast.Expr, v bool, p *simPath) bool {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return s.unprocessedWhen(x.X, !v, p)
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			// && is true when both are, and false when either is; || the
			// other way round.
			both := v == (x.Op == token.LAND)
			if both {
				return s.unprocessedWhen(x.X, v, p) || s.unprocessedWhen(x.Y, v, p)
			}
			switch settled := triOf(!v); {
			case s.cond(x.X, p) == settled:
				return s.unprocessedWhen(x.Y, v, p)
			case s.cond(x.Y, p) == settled:
				return s.unprocessedWhen(x.X, v, p)
			}
			return s.unprocessedWhen(x.X, v, p) && s.unprocessedWhen(x.Y, v, p)
		case token.EQL, token.NEQ:
			if v == (x.Op == token.EQL) && astutil.ComparesWith(s.info, x, constant.MakeInt64(429)) {
				return true
			}
			if x.Op == token.NEQ && !v { // opErr.Op != "dial" is false for a dial error
				return s.unproc.Unsent.NotSent(s.info, &ast.BinaryExpr{X: x.X, OpPos: x.OpPos, Op: token.EQL, Y: x.Y})
			}
		}
	case *ast.CallExpr:
		if v && ReadPredicate(s.info, x.Fun, s.unproc.Body, s.unproc.Unsent).Reading == site.PredUnprocessed {
			return true
		}
	}
	return v && s.unproc.Unsent.NotSent(s.info, e)
}
