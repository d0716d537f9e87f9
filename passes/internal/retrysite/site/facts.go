package site

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// HelperFact marks a user-defined retry helper: a function that calls its
// function-typed parameter number Op (counting from 0, receiver excluded)
// inside a retry site. A call of the helper is then a retry site whose
// operation is that argument, in whichever package the call is.
type HelperFact struct {
	Op int
	// Pred is the index of a parameter func(error) bool that decides
	// which failures the helper retries (an error it answers false for
	// ends the retries), or -1: a call's argument there is the call's
	// Predicate.
	Pred int
	// Forward is set when the helper hands parameters of its own to a
	// library retry helper as that helper's policy or options.
	Forward *Forward
	// Throttled is set when the helper's own loop goes round only on a
	// 429 (a status compared, a throttle error matched) and returns every
	// other failure: the server refused what it retries without
	// processing it (status/throttletype.go).
	Throttled bool
	// Refused is set when every retry of the operation inside the helper
	// lets only unprocessed attempts go round (a library helper handed a
	// predicate true only for a 4xx or an unsent attempt, or another
	// helper of the program that does): what it retries, the server
	// refused (RULES.md, retrynonidempotent).
	Refused bool
	// CtxOnly is 1 + the index of the context.Context parameter whose end
	// is the only thing that ends the helper's retries, or 0: a caller
	// handing it a context that is never done retries forever.
	CtxOnly int
	// Condition is set when the parameter is a poll condition, func()
	// (done bool, err error), that the helper calls until it is done, an
	// error ending the polling (a copy of k8s wait.ExponentialBackoff,
	// condhelper.go): what the condition answers decides the retries.
	Condition bool
	// AgainOn is 1 + the index of a parameter the helper's operation
	// compares the failure with (awsErr.Code() == code, a status), going
	// round only when they are equal, or 0: a caller that passes a
	// "not found" (retryOnCode("NoSuchBucket", f), 404) polls for a
	// resource to appear (existencepoll.go).
	AgainOn int
}

func (*HelperFact) AFact() {}

func (f *HelperFact) String() string {
	s := fmt.Sprintf("retries parameter %d", f.Op)
	if f.Pred >= 0 {
		s += fmt.Sprintf(" while parameter %d says so", f.Pred)
	}
	if f.Throttled {
		s += " only on a 429"
	}
	if f.Refused {
		s += " only what was refused"
	}
	if f.AgainOn > 0 {
		s += fmt.Sprintf(" while the failure equals parameter %d", f.AgainOn-1)
	}
	if f.CtxOnly > 0 {
		s += fmt.Sprintf(" until parameter %d is done", f.CtxOnly-1)
	}
	if f.Condition {
		s += " as a poll condition"
	}
	return s
}

// Forward says which parameters of a user-defined retry helper it hands to
// a library retry helper as that helper's policy, options and context
// (func Retry(ctx, op, opts ...backoff.RetryOption) { backoff.Retry(ctx,
// ..., opts...) }): a call of the user helper configures the library
// helper's policy, which is judged there, where it is built. Indexes count
// the helper's parameters from 0; -1 when not handed on.
type Forward struct {
	Lib                  libs.Func
	Policy, Options, Ctx int
	PolicyOption         string
}

// WaitFact marks a wait helper: a function of the program whose job is to
// block for the duration given as its parameter Param (a timer, a ticker,
// time.After or time.Sleep), as the context-aware sleeps of real code do:
//
//	func sleepCtx(ctx context.Context, d time.Duration) error {
//		t := time.NewTimer(d); defer t.Stop()
//		select { case <-ctx.Done(): return ctx.Err(); case <-t.C: return nil }
//	}
//
// A call of it in a retry loop is the loop's wait, not a second operation
// (RULES.md, "Across function boundaries"), and its duration argument is the
// delay to judge.
type WaitFact struct {
	// Param is the index of the duration parameter (receiver excluded),
	// or -1 when the helper computes the delay itself (b.Wait(ctx)).
	Param int
	// Exact says the helper waits for the parameter as given; otherwise it
	// computes the wait from it (Jittered says whether with randomness).
	Exact, Jittered bool
	// Stops says the helper also returns early, with an error (or false),
	// when a context or a stop channel is done: the caller's test of that
	// result is a context bound.
	Stops bool
	// Iter says the helper is a retry iterator (wait/retryiter.go): it returns
	// an iterator of attempt numbers that waits between yields; Bounded
	// says it yields a bounded number of times or until a context is done.
	Iter, Bounded bool
}

func (*WaitFact) AFact() {}

func (f *WaitFact) String() string {
	return fmt.Sprintf("waits for parameter %d (exact=%t jittered=%t stops=%t)", f.Param, f.Exact, f.Jittered, f.Stops)
}

// LockFact marks a function of the program that tries to take a lock and
// says in its boolean result number Result whether it took it (a SETNX, a
// TryLock, a lock file created with O_EXCL, reached through any number of
// the program's functions). A loop that goes round while that result is
// false waits for the lock: a retry of the acquisition (RULES.md,
// "Waiting for a lock"), where any other boolean "not yet" is a poll.
type LockFact struct {
	Result int
}

func (*LockFact) AFact() {}

func (f *LockFact) String() string { return fmt.Sprintf("lock taken in result %d", f.Result) }

// MakerFact marks a function that returns a retry helper it builds: a
// function literal that retries parameter Op of its own (the exporters'
// cfg.RequestFunc(evaluate), kept in a field and called as
// c.requestFunc(ctx, send)). A call of a value it made is a call of a
// user-defined retry helper.
//
// Pred is the index of the maker's parameter that the literal calls with
// the error to decide whether to go round (evaluate(err) in
// cfg.RequestFunc(evaluate)), or -1.
type MakerFact struct{ Op, Pred int }

func (*MakerFact) AFact() {}

func (f *MakerFact) String() string {
	s := fmt.Sprintf("returns a helper retrying its parameter %d", f.Op)
	if f.Pred >= 0 {
		s += fmt.Sprintf(" while parameter %d says so", f.Pred)
	}
	return s
}

// FactOf returns the fact of fn: local's for a function of this package,
// the imported one for another's, or nil.
func FactOf[T any, P interface {
	*T
	analysis.Fact
}](pass *analysis.Pass, local map[*types.Func]P, fn *types.Func) P {
	if f, ok := local[fn]; ok {
		return f
	}
	if pass == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return nil
	}
	f := P(new(T))
	if pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}
