package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/ifaces"
	"github.com/idemlint/idemlint/passes/internal/retrysite/client"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// Result is what the analyzer gives to the analyzers that require it.
type Result struct {
	Sites []*Site
	// ClientRetries maps the variables and fields holding a retrying
	// client whose retry condition (go-retryablehttp's CheckRetry, resty's
	// AddRetryCondition) retries some statuses on its own to those
	// statuses (status/condition.go).
	ClientRetries map[types.Object]Statuses
	// Backoffs are loops that are not retry sites (success goes round
	// too) holding waits taken only after a failed attempt, before the
	// same attempt runs again, or failure paths that run it again at once
	// (no Waits) (wait/failbackoff.go); only nojitter reads them.
	Backoffs []*Site
	// FailureRetries are the same loops, one site each, when a failure
	// path retries the same attempt with the same inputs, at once or after
	// a wait taken only after a failure; Bound is what ends those paths,
	// nil when nothing does. Only unboundedretry reads them.
	FailureRetries []*Site
	// Recursions are functions that retry by calling themselves after a
	// failure and a wait (recursion.go), with their Fail read like a
	// loop's; nojitter, unboundedretry, retryamplify, retrybody and
	// retryclienterror read them.
	Recursions []*Site
	// Gotos are retry loops written with a goto back to a label after a
	// failure (gotoloop.go), with their Fail read like a loop's
	// (status/gotofail.go); nojitter, unboundedretry, retryamplify, retrybody and
	// retryclienterror read them.
	Gotos []*Site

	unsent    status.Unsent         // NotSentFact predicates this package has or calls
	throttles *status.ThrottleTypes // error types made only for a 429
	facts     func(*types.Func) *status.RespFact

	clients *client.Configs // for RetryingClient
	decls   site.Decls      // the package's function declarations (TickerWaits)
	stored  *ifaces.Stored  // what the package's interface fields hold
}

// StoredImpl resolves fn, an interface method called on x, an unexported
// interface field of the package, to the method of the one type the
// package stores in that field (ifaces.Stored), or nil.
func (r *Result) StoredImpl(x ast.Expr, fn *types.Func) *types.Func {
	if r.stored == nil {
		return nil
	}
	return r.stored.Resolve(x, fn)
}

// Within returns the sites whose operation's code contains pos, innermost
// last.
func (r *Result) Within(pos token.Pos) []*Site {
	return containing(r.Sites, pos)
}

// GotosWithin returns the goto retries whose statements contain pos.
func (r *Result) GotosWithin(pos token.Pos) []*Site {
	return containing(r.Gotos, pos)
}

func containing(sites []*Site, pos token.Pos) []*Site {
	var out []*Site
	for _, s := range sites {
		if s.Op.Contains(pos) {
			out = append(out, s)
		}
	}
	return out
}

// NotSent is the package-aware form of the package-level NotSent: it also
// sees through calls of the program's predicates (status.NotSentFact).
func (r *Result) NotSent(info *types.Info, test ast.Expr) bool {
	return r.unsent.NotSent(info, test)
}

// FailureEnds reports whether a failure of call, in the code of the site's
// operation, ends the site's retries on every path through it: its error
// returned from a loop, wrapped in the helper's permanent marker, or
// handed to a helper that stops on it (status.FailureEnds).
func (r *Result) FailureEnds(info *types.Info, s *Site, call *ast.CallExpr) bool {
	return status.FailureEnds(info, s, call, r.facts)
}

// RetryingClient returns the configuration of the retrying client that e,
// an expression of this package, evaluates to (rc.StandardClient(), a
// variable or field holding one, a function that passes one through), or
// nil when it is no client that retries: one whose retries are off, or
// whose library cannot be followed.
func (r *Result) RetryingClient(e ast.Expr) *ClientConfig {
	if r.clients == nil {
		return nil
	}
	return r.clients.RetryingClient(e)
}
