package site

import (
	"go/ast"
	"go/types"
)

// Failure is what a site's failure test does with each HTTP status: the
// one reading of status tests that retryclienterror and retrybody share,
// for retry loops and for the operations of retry helpers alike. It is
// computed by simulating the attempt once per sampled status (status/failsim.go).
type Failure struct {
	// Retried holds the statuses that the attempt's code sends round for
	// another attempt on a path a 200 response does not take: a status
	// test, a status checker's error returned to the helper, the default
	// of a switch on the status.
	Retried Statuses
	// Throttle says that the attempt singles out 429 or 503 (compares the
	// status with one of them).
	Throttle bool
	// IgnoresRetryAfter says that a 429 or a 503 goes round on a path
	// that never reads the Retry-After header, itself or through a
	// function it hands the response to.
	IgnoresRetryAfter bool
	// ReadsRetryAfter says that some path of the attempt reads the
	// header: it knows of it, for the statuses it chose.
	ReadsRetryAfter bool
	// ThrottleEnds are the ends of the paths (a continue, the end of the
	// body) by which a 429 or a 503 goes round without reading the
	// header, in the order of the code: the wait to blame is on one.
	ThrottleEnds []ast.Node
	// Leaks are the sends whose *http.Response is still open on a path
	// that goes round for another attempt.
	Leaks []Leak
	// Classifiers are the error classifiers of the program whose answer
	// decided a path for some status (status/classifier.go), in the order of
	// the code: a report names them.
	Classifiers []*types.Func
	// Sends are the calls whose response the simulation followed: those
	// whose status the code reads first, then the others, each in the
	// order of the code.
	Sends []*ast.CallExpr
}

// Leak is a send whose response body a path that goes round leaves open.
type Leak struct {
	Send *ast.CallExpr
	// OnStatus says that only failing statuses take such a path; when
	// false, a 200 takes one too (a read or a decode that fails).
	OnStatus bool
}
