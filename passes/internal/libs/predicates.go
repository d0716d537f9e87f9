package libs

import "go/types"

// RetryPredicates are the ways a retry helper is told which errors to
// retry: an option whose argument is the predicate (retry-go's RetryIf),
// or an argument of the helper itself (k8s retry.OnError). The value is
// the index of the predicate among the call's arguments.
var RetryPredicates = Table[int]{
	{RetryGoV4, "", "RetryIf"}: 0,
	{RetryGoV5, "", "RetryIf"}: 0,
	{K8sRetry, "", "OnError"}:  1,
}

// PermanentErrors wrap an error so that the helper stops retrying and
// returns it (retry-go's Unrecoverable; each major version of
// cenkalti/backoff's Permanent is added in backoff.go).
var PermanentErrors = Table[bool]{
	{RetryGoV4, "", "Unrecoverable"}: true,
	{RetryGoV5, "", "Unrecoverable"}: true,
}

// RetryableErrors wrap an error so that the helper retries it, where a
// plain error ends the retries (sethvargo/go-retry's RetryableError).
var RetryableErrors = Table[bool]{
	{SethvargoRetry, "", "RetryableError"}: true,
}

// PlainErrorEnds lists the helper packages whose operation ends the
// retries by returning a plain error: go-retry retries only errors wrapped
// by RetryableError, and a wait condition that returns an error stops the
// poll.
var PlainErrorEnds = map[string]bool{
	SethvargoRetry: true,
	K8sWait:        true,
}

// PermanentIn reports whether fn wraps an error so that a helper of the
// family of helper stops retrying (backoff/v4's Permanent ends a retry of
// backoff/v5 too: the error types differ, but the program means it).
func PermanentIn(helper, fn *types.Func) bool {
	_, ok := PermanentErrors.Lookup(fn)
	return ok && FamilyOf(fn) == FamilyOf(helper)
}

// HasPermanent reports whether the helper's family has a permanent error.
func HasPermanent(helper *types.Func) bool {
	f := FamilyOf(helper)
	for k := range PermanentErrors {
		if f != nil && familyOfPath(k.Pkg) == f {
			return true
		}
	}
	return false
}
