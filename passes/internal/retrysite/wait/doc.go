// Package wait knows how a retry waits: the wait helpers of the program
// (a function that only blocks for a duration, WaitFact), the retry
// iterators that wait between yields, the ranges whose every iteration
// follows a wait (a ticker's channel, a schedule of delays), and the
// failure paths of loops that are no retry site because success goes
// round too: the waits they take only after a failed attempt (failure
// backoffs), the paths that run the same attempt again at once, and what
// bounds them.
//
// It decides what a call waits for and which loops back off, or fail to,
// after a failure; how long a wait is and whether it is jittered is judged
// by the analyzers (nojitter, unboundedretry), and which loops retry by
// package retrysite.
package wait

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

// Waits holds the wait helpers of one package, and what finding them
// reads of it.
type Waits struct {
	pass  *analysis.Pass
	index *bodies.Index
	info  *types.Info
	decls site.Decls
	facts *status.RespFacts
	waits map[*types.Func]*site.WaitFact // wait helpers of this package
	// timersRead are the timers whose channel the package reads
	// (unreadtimer.go), found on first use.
	timersRead map[types.Object]bool
	// Pending says whether an error value means "not done yet" (package
	// fails): a failure path taken on it is a poll's, not a retry's.
	Pending func(*types.Var) bool
	// StoredErr says whether a call only reads an error an earlier
	// attempt stored (package fails): it attempts nothing.
	StoredErr func(*ast.CallExpr) bool
	// FalseOnError says whether a call's one bool result is false when
	// it failed (package fails): tested where it is made, an attempt.
	FalseOnError func(*ast.CallExpr) bool
	// Exits says whether a function of the program never returns
	// (package fails): a failure path that calls it ends.
	Exits func(*types.Func) bool
	// StoppedBy returns the call of a loop's body that returns an error
	// of its package once a stop channel or context it is given is
	// done, an error on which the loop returns (package fails), or nil:
	// the loop's failure paths end when the caller stops it.
	StoppedBy func(*ast.BlockStmt) ast.Node
}

// New returns the Waits of the package of pass, with no helper learned
// yet (Learn); d indexes its function declarations and facts tells the
// response facts of its functions.
func New(pass *analysis.Pass, index *bodies.Index, d site.Decls, facts *status.RespFacts) *Waits {
	return &Waits{pass: pass, index: index, info: pass.TypesInfo, decls: d, facts: facts, waits: map[*types.Func]*site.WaitFact{}}
}
