package site

import (
	"go/ast"
	"go/types"
)

// Predicate is the predicate a retry helper call is handed to decide which
// errors go round (retry-go's RetryIf, k8s retry.OnError, the predicate
// parameter of a user-defined helper: Do(ctx, op, isRetryable)): an error
// it answers false for ends the retries. One reading of it
// (status.ReadPredicate) serves every analyzer.
type Predicate struct {
	Expr ast.Expr
	// Func is the predicate when it is a named function (its RespFact,
	// as an error classifier, tells its answer by status).
	Func    *types.Func
	Reading PredReading
}

// PredReading is what the code of a predicate says about the errors it
// answers true for.
type PredReading uint8

const (
	// PredUnknown: which errors it retries is its business (a predicate
	// of another package, or one that reads what the simulation cannot).
	PredUnknown PredReading = iota
	// PredAll: it answers true for every error.
	PredAll
	// PredUnprocessed: it answers true only for errors that prove the
	// server did not process the request: a 429 status, an attempt that
	// was never sent.
	PredUnprocessed
)

// RetriesOnlyUnprocessed reports whether a site lets only unprocessed
// attempts go round: a helper call by the predicate it hands the helper,
// or by its operation's own tests; a loop that waits for a lock by the
// "not taken" answer, which changed nothing.
func (s *Site) RetriesOnlyUnprocessed() bool {
	return s.Pred != nil && s.Pred.Reading == PredUnprocessed || s.OpUnprocessed || s.LockWait
}
