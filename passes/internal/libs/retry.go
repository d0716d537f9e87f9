package libs

// Retry helper library paths.
const (
	BackoffV4      = "github.com/cenkalti/backoff/v4"
	BackoffV5      = "github.com/cenkalti/backoff/v5"
	RetryGoV4      = "github.com/avast/retry-go/v4"
	RetryGoV5      = "github.com/avast/retry-go/v5"
	SethvargoRetry = "github.com/sethvargo/go-retry"
	K8sRetry       = "k8s.io/client-go/util/retry"
	K8sWait        = "k8s.io/apimachinery/pkg/util/wait"
	RetryableHTTP  = "github.com/hashicorp/go-retryablehttp"
	RestyV2        = "github.com/go-resty/resty/v2"
	Jpillora       = "github.com/jpillora/backoff"
)

// RetryHelper describes a library function that runs an operation again
// after it fails. Indexes are argument positions; -1 means absent.
type RetryHelper struct {
	Op      int // the operation (func literal or func value)
	Ctx     int // a context that can end the retries
	Policy  int // a backoff policy value (backoff.BackOff, retry.Backoff, wait.Backoff)
	Options int // first variadic option (retry-go, backoff/v5)
}

func helper(op, ctx, policy, options int) RetryHelper {
	return RetryHelper{Op: op, Ctx: ctx, Policy: policy, Options: options}
}

// RetryHelpers lists the retry functions of the libraries in LIBRARIES.md.
var RetryHelpers = Table[RetryHelper]{
	{BackoffV4, "", "Retry"}:                       helper(0, -1, 1, -1),
	{BackoffV4, "", "RetryWithData"}:               helper(0, -1, 1, -1),
	{BackoffV4, "", "RetryNotify"}:                 helper(0, -1, 1, -1),
	{BackoffV4, "", "RetryNotifyWithData"}:         helper(0, -1, 1, -1),
	{BackoffV4, "", "RetryNotifyWithTimer"}:        helper(0, -1, 1, -1),
	{BackoffV4, "", "RetryNotifyWithTimerAndData"}: helper(0, -1, 1, -1),
	{BackoffV5, "", "Retry"}:                       helper(1, 0, -1, 2),
	{RetryGoV4, "", "Do"}:                          helper(0, -1, -1, 1),
	{RetryGoV4, "", "DoWithData"}:                  helper(0, -1, -1, 1),
	{RetryGoV5, "*", "Do"}:                         helper(0, -1, -1, -1),
	{SethvargoRetry, "", "Do"}:                     helper(2, 0, 1, -1),
	{SethvargoRetry, "", "DoValue"}:                helper(2, 0, 1, -1),
	{SethvargoRetry, "", "Exponential"}:            helper(2, 0, -1, -1),
	{SethvargoRetry, "", "Fibonacci"}:              helper(2, 0, -1, -1),
	{SethvargoRetry, "", "Constant"}:               helper(2, 0, -1, -1),
	{K8sRetry, "", "RetryOnConflict"}:              helper(1, -1, 0, -1),
	{K8sRetry, "", "OnError"}:                      helper(2, -1, 0, -1),
	{K8sWait, "", "ExponentialBackoff"}:            helper(1, -1, 0, -1),
	{K8sWait, "", "ExponentialBackoffWithContext"}: helper(2, 0, 1, -1),
	{K8sWait, "", "PollUntilContextTimeout"}:       helper(4, 0, -1, -1),
	{K8sWait, "", "PollUntilContextCancel"}:        helper(3, 0, -1, -1),
	{K8sWait, "", "Poll"}:                          helper(2, -1, -1, -1),
	{K8sWait, "", "PollImmediate"}:                 helper(2, -1, -1, -1),
	{K8sWait, "", "PollInfinite"}:                  helper(1, -1, -1, -1),
	{K8sWait, "", "PollImmediateInfinite"}:         helper(1, -1, -1, -1),
}

// RetryingClientCalls are calls that send a request through a client that
// retries it by itself: every such call is a retry site of its own. The value
// is the index of the request or URL argument.
var RetryingClientCalls = Table[int]{
	{RetryableHTTP, "Client", "Do"}:       0,
	{RetryableHTTP, "Client", "Get"}:      0,
	{RetryableHTTP, "Client", "Head"}:     0,
	{RetryableHTTP, "Client", "Post"}:     0,
	{RetryableHTTP, "Client", "PostForm"}: 0,
	{RetryableHTTP, "", "Get"}:            0,
	{RetryableHTTP, "", "Head"}:           0,
	{RetryableHTTP, "", "Post"}:           0,
	{RetryableHTTP, "", "PostForm"}:       0,
}

// RestySend are resty request methods that send; the value is the HTTP method
// they use ("" when it is their first argument, as for Execute).
var RestySend = Table[string]{
	{RestyV2, "Request", "Get"}:     "GET",
	{RestyV2, "Request", "Head"}:    "HEAD",
	{RestyV2, "Request", "Options"}: "OPTIONS",
	{RestyV2, "Request", "Post"}:    "POST",
	{RestyV2, "Request", "Put"}:     "PUT",
	{RestyV2, "Request", "Patch"}:   "PATCH",
	{RestyV2, "Request", "Delete"}:  "DELETE",
	{RestyV2, "Request", "Execute"}: "",
	{RestyV2, "Request", "Send"}:    "",
}

// SethvargoBare are go-retry's bare backoffs, which never stop and never
// jitter; the value says whether the delay grows.
var SethvargoBare = Table[bool]{
	{Pkg: SethvargoRetry, Name: "NewExponential"}: true,
	{Pkg: SethvargoRetry, Name: "NewFibonacci"}:   true,
	{Pkg: SethvargoRetry, Name: "NewConstant"}:    false,
}

// SethvargoLimits are go-retry's wrappers that end the retries.
var SethvargoLimits = Table[bool]{
	{Pkg: SethvargoRetry, Name: "WithMaxRetries"}:  true,
	{Pkg: SethvargoRetry, Name: "WithMaxDuration"}: true,
}

// SethvargoCap is go-retry's wrapper that caps each delay.
var SethvargoCap = Table[bool]{
	{Pkg: SethvargoRetry, Name: "WithCappedDuration"}: true,
}

// BackoffV4Limits are cenkalti/backoff/v4's wrappers that end the retries.
var BackoffV4Limits = Table[bool]{
	{Pkg: BackoffV4, Name: "WithMaxRetries"}: true,
	{Pkg: BackoffV4, Name: "WithContext"}:    true,
}
