package status

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// What-if runs of a site's operation: the failure simulation is told that
// a call of the attempt failed, or that a predicate answered false, and
// asked whether the attempt can still go round. Two questions are asked
// this way:
//
//   - does a failure of an inner retry end the outer site (its error
//     returned, wrapped in the helper's permanent marker, breaks out of
//     the loop)? Then the outer site runs the inner retry again only after
//     it succeeded, and the attempts do not multiply (FailureEnds);
//   - does a user-defined helper's predicate parameter decide what its
//     retry loop retries (if err == nil || !retryable(err) { return err })?
//     Then the predicate a call hands it is read like RetryIf's
//     (PredicateDecides).
//
// Every path that meets the assumption must end the retries; a path the
// simulation cannot follow, or a judge it cannot read, goes round.

// assume is what a what-if run takes for granted.
type assume struct {
	failed    *ast.CallExpr // its error result is non-nil
	falsePred types.Object  // calls of this function value answer false
	watch     *ast.CallExpr // a call whose paths are marked passed, answered or not
}

func (s *sim) assumedFailed(call *ast.CallExpr) bool {
	return call != nil && s.assume != nil && s.assume.failed == call
}

func (s *sim) assumedFalse(call *ast.CallExpr) bool {
	if s.assume == nil || s.assume.falsePred == nil {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && s.info.Uses[id] == s.assume.falsePred
}

// FailureEnds reports whether, when call (in the code of the site's
// operation, outside any function literal or nested loop) fails, every
// path of the attempt through it ends the site's retries.
func FailureEnds(info *types.Info, retry *site.Site, call *ast.CallExpr, facts func(*types.Func) *RespFact) bool {
	return !goesRound(info, retry, facts, &assume{failed: call})
}

// PredicateDecides reports whether the retry loop retry ends its retries
// whenever the function value pred, called in one of its failure tests,
// answers false.
func PredicateDecides(info *types.Info, retry *site.Site, pred types.Object, facts func(*types.Func) *RespFact) bool {
	return !goesRound(info, retry, facts, &assume{falsePred: pred})
}

// goesRound reports whether some path of the site's operation that meets
// a goes round for another attempt, or cannot be told.
func goesRound(info *types.Info, retry *site.Site, facts func(*types.Func) *RespFact, a *assume) bool {
	body := retry.Op.Body
	j := judgeFor(info, retry)
	if body == nil || j == nil {
		return true
	}
	// The statuses matter only to an attempt that reads a response.
	codes := site.SampleCodes[:1]
	if mentionsResponse(info, body) || mentionsSend(info, body, facts) {
		codes = site.SampleCodes[:]
	}
	met := false
	for _, code := range codes {
		s := newSim(info, retry, facts, code)
		s.assume = a
		p := &simPath{env: map[types.Object]value{}, open: map[types.Object]*ast.CallExpr{}}
		fall, broke := s.list(body.List, []*simPath{p})
		for _, q := range append(fall, broke...) {
			s.end(body, q)
		}
		if s.failed {
			return true
		}
		for _, e := range s.ends {
			if a.failed != nil && !e.p.passed {
				continue // the call did not run on this path
			}
			met = true
			if j(s, e) != endExit {
				return true
			}
		}
	}
	return !met
}
