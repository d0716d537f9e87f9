package retrysite

import "github.com/idemlint/idemlint/passes/internal/retrysite/status"

// state is what a path through a loop body knows about the latest attempt
// (status.State), under the short names the loop walks use.
type state = status.State

const (
	before  = status.StateBefore
	unknown = status.StateUnknown
	success = status.StateSuccess
	failure = status.StateFailure
	mixed   = status.StateMixed
	after   = status.StateAfter
	keep    = status.StateKeep
)
