package status

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

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
	runs := []*assume{nil}
	for _, call := range sends(info, body, facts) {
		runs = append(runs, &assume{failed: call})
	}
	rounds, only := unprocessedRuns(info, retry, facts, u, runs, false)
	return only && rounds
}

// OnlyUnprocessedAfter reports whether every path of the operation of a
// retry helper call that runs call and goes round passed a test proving
// the attempt was not processed: call is sent again only after the
// server refused it (a 403 "not ready", a 412) or never got it, whatever
// other paths of the attempt do before it (a "not ready yet" answer of a
// read that goes round before call is made).
func OnlyUnprocessedAfter(info *types.Info, retry *site.Site, call *ast.CallExpr, facts func(*types.Func) *RespFact, u *Unprocessed) bool {
	if retry.Op.Body == nil || retry.Kind == site.Loop {
		return false
	}
	_, only := unprocessedRuns(info, retry, facts, u, []*assume{{watch: call}, {failed: call}}, true)
	return only
}

// sends returns the calls of body, outside function literals, that send
// a request: they return a response, or a fact says they send.
func sends(info *types.Info, body *ast.BlockStmt, facts func(*types.Func) *RespFact) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if returnsResponse(info, n) || isSendFact(info, n, facts) {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// unprocessedRuns runs the operation under each assumption, for every
// sampled status, and reports whether some path went round and whether
// every path that went round (among those that passed the watched or
// failed call, when the assumption names one) proved the attempt was not
// processed. With onlyPassed, only the paths that ran the assumption's
// call count.
func unprocessedRuns(info *types.Info, retry *site.Site, facts func(*types.Func) *RespFact, u *Unprocessed, runs []*assume, onlyPassed bool) (rounds, only bool) {
	body := retry.Op.Body
	j := judgeFor(info, retry)
	if j == nil {
		return false, false
	}
	codes := site.SampleCodes[:1]
	if mentionsResponse(info, body) || mentionsSend(info, body, facts) {
		codes = append(site.SampleCodes[:], rejectionsOutsideSample(info, body)...)
	}
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
				return false, false
			}
			for _, e := range s.ends {
				if onlyPassed && !e.p.passed {
					continue // the watched call did not run on this path
				}
				if j(s, e) == endExit {
					continue
				}
				if !e.p.unprocessed {
					return rounds, false
				}
				rounds = true
			}
		}
	}
	return rounds, true
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
			if v == (x.Op == token.EQL) && (Rejection(s.info, x.X) || Rejection(s.info, x.Y) || RejectionText(s.info, x)) {
				return true // a 429, a 412: the server refused it
			}
			if x.Op == token.NEQ && !v { // opErr.Op != "dial" is false for a dial error
				return s.unproc.Unsent.NotSent(s.info, &ast.BinaryExpr{X: x.X, OpPos: x.OpPos, Op: token.EQL, Y: x.Y})
			}
		}
	case *ast.CallExpr:
		if v && RejectionText(s.info, x) {
			return true // strings.Contains(err.Error(), "status 403")
		}
		if v && ReadPredicate(s.info, x.Fun, s.unproc.Body, s.unproc.Unsent).Reading == site.PredUnprocessed {
			return true
		}
		if fact, _ := s.factOf(x); v && fact != nil {
			if c, ok := statusArgIs(s.info, fact, x); ok && c >= 400 && c <= 498 {
				return true // IsAPIError(err, 422, "pending event"): a rejection
			}
		}
	}
	return v && s.unproc.Unsent.NotSent(s.info, e)
}

// Rejection reports whether e is a constant 4xx status (but 499): the
// server rejected the request (a 429 to slow down, a 412 or 422 before it
// acted, a 400 or 401 that a new nonce or token answers) and did not act
// on it, so sending it again cannot do the work twice (499, a proxy's
// "client closed", says nothing of what the upstream did).
func Rejection(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
		if v, exact := constant.Int64Val(tv.Value); exact && v >= 400 && v <= 498 {
			return true
		}
	}
	return false
}

// rejectionsOutsideSample returns the 4xx statuses body compares with
// that the sample leaves out (resp.StatusCode == 412): the operation that
// goes round only on such a status is run with it.
func rejectionsOutsideSample(info *types.Info, body ast.Node) []int64 {
	var out []int64
	ast.Inspect(body, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok || !Rejection(info, e) {
			return true
		}
		v, _ := constant.Int64Val(info.Types[e].Value)
		if code := v; !slices.Contains(site.SampleCodes[:], code) && !slices.Contains(out, code) {
			out = append(out, code)
		}
		return true
	})
	return out
}
