package libs

// hashicorp/go-retryablehttp's own policy. NewClient() retries each request
// up to RetryMax (4) times with Backoff = DefaultBackoff: min * 2^attempt
// capped at RetryWaitMax, with no jitter. LinearJitterBackoff and
// RateLimitLinearJitterBackoff are jittered; a RetryMax of 0 or less
// switches the retries off. The client's retrying calls are in
// RetryingClientCalls (retry.go).
var retryableHTTPFamily = &Family{
	Paths: []string{RetryableHTTP},
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
