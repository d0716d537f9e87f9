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
