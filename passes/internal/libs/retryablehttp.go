package libs

// hashicorp/go-retryablehttp's own policy. NewClient() retries each request
// up to RetryMax (4) times with Backoff = DefaultBackoff: min * 2^attempt
// capped at RetryWaitMax, with no jitter. LinearJitterBackoff and
// RateLimitLinearJitterBackoff are jittered; a RetryMax of 0 or less
// switches the retries off. The client's retrying calls are in
// RetryingClientCalls (retry.go). A Backoff of the program's own is
// judged by the delay it returns (Delayers).
var retryableHTTPFamily = &Family{
	Paths: []string{RetryableHTTP},
	Jitterers: Table[bool]{
		{RetryableHTTP, "", "LinearJitterBackoff"}:          true,
		{RetryableHTTP, "", "RateLimitLinearJitterBackoff"}: true,
	},
	Delayers: []Delayer{{
		Pkg: RetryableHTTP, Type: "Client", Field: "Backoff", Func: "Backoff",
		Msg: "retryablehttp's Backoff %s has no jitter" + together + "; add a random part, e.g. d/2 + rand.N(d/2), or use retryablehttp.LinearJitterBackoff",
		Cap: "retryablehttp's Backoff %s grows without a cap and has no jitter; limit it with min(d, max) and add a random part, or use retryablehttp.LinearJitterBackoff",
	}},
	Defaults: Table[Defaults]{
		{RetryableHTTP, "", "NewClient"}: {
			Field: "Backoff",
			Keeps: Table[bool]{{RetryableHTTP, "", "DefaultBackoff"}: true},
			Off:   "RetryMax",
			Msg:   "retryablehttp.NewClient() keeps DefaultBackoff, which has no jitter" + together + "; set Backoff = retryablehttp.LinearJitterBackoff or a jittered function",
			Kept:  "retryablehttp.DefaultBackoff has no jitter" + together + "; use retryablehttp.LinearJitterBackoff or a jittered function",
			Why:   "has no jitter (retryablehttp.DefaultBackoff)" + together,
		},
	},
}
