package libs

// Retrying clients: requests sent through them are retried by the client.
const (
	RetryableHTTP = "github.com/hashicorp/go-retryablehttp"
	RestyV2       = "github.com/go-resty/resty/v2"
)

// RetryHelper describes a library function that runs an operation again
// after it fails. Indexes are argument positions; -1 means absent.
type RetryHelper struct {
	Op      int // the operation (func literal or func value)
	Ctx     int // a context that can end the retries
	Policy  int // a backoff policy value (backoff.BackOff, retry.Backoff, wait.Backoff)
	Options int // first variadic option (retry-go, backoff/v5)
	// PolicyOption names the option that hands the helper its policy
	// (backoff/v5's WithBackOff), when no argument does.
	PolicyOption string
	// Recv says the policies are built by the chain the helper is a
	// method of (failsafe.With(rp).WithContext(ctx).Get(op)).
	Recv bool
	// BuiltOptions says the options are those the retrier was built with:
	// the value the helper is a method of (retry-go v5's
	// retry.New(opts...).Do(op)), or its Policy argument (roko's
	// DoFunc(ctx, roko.NewRetrier(opts...), op)).
	BuiltOptions bool
}

func helper(op, ctx, policy, options int) RetryHelper {
	return RetryHelper{Op: op, Ctx: ctx, Policy: policy, Options: options}
}

func policyOption(h RetryHelper, name string) RetryHelper {
	h.PolicyOption = name
	return h
}

// RetryHelpers lists the retry functions of the library families (the
// Helpers of each Family, gathered when the package is initialised).
var RetryHelpers = Table[RetryHelper]{}

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
