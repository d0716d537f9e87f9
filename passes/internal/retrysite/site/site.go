// Package site holds the vocabulary of retry sites that every idemlint
// analyzer shares (RULES.md, "Vocabulary"): a Site and its Kind, the
// Operation it runs on every attempt, and the descriptions that the lower
// layers attach to it: the Failure its failure test makes of each HTTP
// status (a set of Statuses), the ClientConfig of a retrying client, the
// Redelivered framework that runs a handler again, and the facts
// (HelperFact, WaitFact) that carry helpers across packages. It also reads
// what a site's own code says of it (Attempts, Use, OnlyRetriesUnretried)
// and offers the few tests of Go code (IsErrorType, LocalDef, ResolveOp...)
// that every layer asks.
//
// It decides nothing about which code is a retry site: package retrysite
// finds the sites, and packages status, wait, client and redelivery fill
// in the descriptions.
package site

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
)

// Kind says how a site retries.
type Kind int

const (
	// Loop is a for statement that runs an operation again after it failed.
	Loop Kind = iota
	// Helper is a call of a library retry function (backoff.Retry, retry.Do...).
	Helper
	// UserHelper is a call of a function of the program that retries one of
	// its function-typed parameters (see HelperFact).
	UserHelper
	// Client is a request sent through a client that retries by itself
	// (go-retryablehttp, resty with a retry count).
	Client
	// Redelivery is a handler that a job queue or message broker runs
	// again for the same task or message (see Redelivered).
	Redelivery
)

func (k Kind) String() string {
	return [...]string{"retry loop", "retry helper call", "retry helper call", "retrying client call", "redelivered handler"}[k]
}

// Site is one retry site.
type Site struct {
	Kind Kind
	// StatePoll marks a poll of in-memory state (retrysite/poll.go),
	// which sends nothing and so is judged by nojitter only (the analyzer
	// lists it in retrysite.Result.Backoffs, not in Sites).
	StatePoll bool
	// DoneTests are a poll's tests of the result (retrysite/poll.go):
	// the side that goes round answered "not yet", which a successful
	// call may answer too.
	DoneTests []ast.Expr
	// LockWait marks a loop that goes round only while a lock it asks
	// for is held by someone else (the call succeeded and said no): a
	// retry of the acquisition for nojitter and unboundedretry, but no
	// repeat of a request that changed anything.
	LockWait bool
	// Failover marks a loop whose every round sends to the next of a set
	// of targets (endpoint := c.nextEndpoint()), retrysite/failover.go:
	// still a retry for retrynonidempotent and retryamplify, but its
	// missing delay and its bound (the number of targets) are not
	// nojitter or unboundedretry hazards (RULES.md, "Vocabulary").
	Failover bool
	// Chosen are, for a wait success and failure take alike, the values
	// the failure paths reaching it gave its delay (if err != nil { d =
	// time.Second } else { d = interval }; time.After(d)): the retry
	// waits those, whatever the schedule waits (nil where not known).
	Chosen map[*ast.CallExpr][]ast.Expr
	// Node is the *ast.ForStmt or *ast.RangeStmt of a Loop, and the
	// *ast.CallExpr of the other kinds.
	Node ast.Node
	// Label is the label a goto retry jumps back to: its loop findings
	// are reported there, the line that stands for the missing for (a
	// goto retry's Node is its goto).
	Label *ast.Ident
	// Encl is the innermost *ast.FuncDecl or *ast.FuncLit holding Node.
	Encl ast.Node

	// Op is the operation run on every attempt.
	Op Operation

	// For Helper sites: the library row and the callee, and what the call
	// is given, followed back to where it is built: its policy (nil when
	// it takes none), its options (OptionsSeen is false when a spread
	// slice hides some) and its context (nil when it takes none).
	Helper     libs.RetryHelper
	HelperFunc *types.Func
	// Library is the library helper whose policy the call configures:
	// HelperFunc for a Helper site, and for a UserHelper site the library
	// helper to which the user-defined helper hands its policy or options
	// parameter (HelperFact.Lib); empty otherwise. Helper then holds the
	// argument indexes of the call in hand.
	Library     libs.Func
	Policy      *policy.Policy
	Options     []*ast.CallExpr
	OptionsSeen bool
	Ctx         *policy.Policy
	// For UserHelper sites: the helper's fact.
	UserHelper *HelperFact
	// For Helper and UserHelper sites: the predicate the call hands the
	// helper to decide which errors go round, or nil; and whether the
	// operation itself sends round only attempts that a test proved
	// unprocessed (the others returned wrapped as permanent, or nil).
	Pred          *Predicate
	OpUnprocessed bool
	// MadePred is, for a call of a helper a maker made, the predicate
	// the maker was handed (cfg.RequestFunc(evaluate)), or nil.
	MadePred ast.Expr
	// For Client sites: the client's configuration.
	Client *ClientConfig
	// For Redelivery sites: the framework and how often it runs the
	// handler.
	Redelivery *Redelivered

	// Loop sites only.
	//
	// RetryPath holds the AST nodes (statements and conditions, in CFG
	// order) that run between a failed attempt and the next one, including
	// the part of the body before the operation.
	RetryPath []ast.Node
	// Attempt holds the AST nodes that run as part of an attempt or of the
	// retry after it: every path through the body except what runs only
	// after a success.
	Attempt []ast.Node
	// Waits are the calls on the retry path that block for a duration
	// (time.Sleep, time.After, Timer.Reset...). A helper call has them
	// too when its library leaves the delay to the operation
	// (libs.Family.OpWaits): the operation's waits before a retryable
	// return.
	Waits []*ast.CallExpr
	// WaitHelpers holds the waits of Waits that are calls of wait helpers
	// of the program (sleep(ctx, d)), with what the helper does with its
	// duration.
	WaitHelpers map[*ast.CallExpr]*WaitFact
	// Tests are the conditions that decide whether an attempt failed.
	Tests []ast.Expr
	// RetryTests are the Tests whose failure side can lead to the next
	// attempt (a test whose failure returns is left out).
	RetryTests []ast.Expr
	// RetryOnFalse holds the tests whose failure side is their false
	// branch (if resp.StatusCode != 429 { return nil }: a 429 goes round).
	RetryOnFalse map[ast.Expr]bool
	// Moves are the statements after which the next attempt sends
	// something else (a region redirect stores the region an error
	// names): a path through one does not retry.
	Moves map[ast.Node]bool
	// Bound is the node that ends the retries while the operation keeps
	// failing (an attempt counter test, a deadline, a context check), or
	// nil when nothing does.
	Bound ast.Node
	// Uncounted says that the loop's header limits a counter but a failure
	// path goes round without advancing it (Bound is then nil).
	Uncounted bool

	// Fail is what the failure test does with each HTTP status, for the
	// sites whose operation reads a response (nil otherwise, or when the
	// library decides alone what it retries).
	Fail *Failure
}

// Operation is what a site runs on every attempt.
type Operation struct {
	// Body is the code of the operation when it is in this package: the
	// loop body, or the body of the function literal or declaration.
	Body *ast.BlockStmt
	// Func is the operation when it is a named function or method,
	// possibly of another package (its facts then tell what it does).
	Func *types.Func
	// Expr is the argument that passed the operation to a helper.
	Expr ast.Expr
}

// Contains reports whether pos lies in the operation's code in this package.
func (op Operation) Contains(pos token.Pos) bool {
	return op.Body != nil && op.Body.Pos() <= pos && pos < op.Body.End()
}

// InAttempt reports whether node x is code that an attempt may run: for a
// loop, x holds or lies in a node of Attempt; for the other kinds, x lies in
// the operation's code.
func (s *Site) InAttempt(x ast.Node) bool {
	if !s.Op.Contains(x.Pos()) {
		return false
	}
	if s.Redelivery != nil {
		return s.Redelivery.Covers(x.Pos())
	}
	if s.Kind != Loop {
		return true
	}
	for _, n := range s.Attempt {
		if n.Pos() <= x.Pos() && x.Pos() < n.End() || x.Pos() <= n.Pos() && n.End() <= x.End() {
			return true
		}
	}
	return false
}

// OnlyRetries reports whether the site is a retry loop whose every failure
// test satisfies pred (it retries only the outcomes pred picks).
func (s *Site) OnlyRetries(pred func(test ast.Expr) bool) bool {
	if s.Kind != Loop || len(s.Tests) == 0 {
		return false
	}
	for _, t := range s.Tests {
		if !pred(t) {
			return false
		}
	}
	return true
}

// OnlyRetriesRound is OnlyRetries over the tests whose failure goes round.
func (s *Site) OnlyRetriesRound(pred func(test ast.Expr) bool) bool {
	return s.OnlyRetriesRoundWhen(func(test ast.Expr, _ bool) bool { return pred(test) })
}

// OnlyRetriesRoundWhen is OnlyRetriesRound told which value of each test
// is its failure (false for if resp.StatusCode != 429 { return nil }).
func (s *Site) OnlyRetriesRoundWhen(pred func(test ast.Expr, failIf bool) bool) bool {
	if s.Kind != Loop || len(s.RetryTests) == 0 {
		return false
	}
	for _, t := range s.RetryTests {
		if !pred(t, !s.RetryOnFalse[t]) {
			return false
		}
	}
	return true
}

// Pos is where the site is reported: the for keyword or the call.
func (s *Site) Pos() token.Pos { return s.Node.Pos() }

// Use returns a site that configures a library helper's policy as the
// library model reads it, or nil.
func (s *Site) Use(info *types.Info) *libs.Use {
	if s.Library.Name == "" {
		return nil
	}
	u := &libs.Use{Info: info, Call: s.Node.(*ast.CallExpr), Func: s.Library, Helper: s.Helper, Options: s.Options}
	if s.Policy != nil {
		u.Policy = &s.Policy.Built
	}
	if s.Ctx != nil {
		u.Ctx = &s.Ctx.Built
	}
	return u
}

// LoopFindingAt is where a finding about the site's loop as a whole (no
// delay, no bound) is reported: its label for a goto retry, else Node.
func (s *Site) LoopFindingAt() ast.Node {
	if s.Label != nil {
		return s.Label
	}
	return s.Node
}
