package libs

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
// returns it (backoff.Permanent, retry-go's Unrecoverable).
var PermanentErrors = Table[bool]{
	{BackoffV4, "", "Permanent"}:     true,
	{BackoffV5, "", "Permanent"}:     true,
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
