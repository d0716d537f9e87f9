package libs

// HTTP clients that retry a request by themselves (LIBRARIES.md, sections
// on go-retryablehttp and resty). retrysite reads a client's configuration
// where the client is built, through these rows, and gives it to the
// analyzers on the client's sites.

// ClientConstructors build a client; the value is how many times it
// retries a request by default (go-retryablehttp's RetryMax 4; resty's
// RetryCount 0: a resty client retries only once SetRetryCount is called).
var ClientConstructors = Table[int]{
	{RetryableHTTP, "", "NewClient"}: 4,
	{RestyV2, "", "New"}:             0,
	{RestyV2, "", "NewWithClient"}:   0,
}

// ClientRetrySetters set the number of retries on a client and return it;
// the value is the index of the count argument.
var ClientRetrySetters = Table[int]{
	{RestyV2, "Client", "SetRetryCount"}: 0,
}

// ClientType is a retrying client's struct type, with the fields that
// configure its retries.
type ClientType struct {
	Pkg, Name string
	// Retries is the field holding the number of retries ("" when none):
	// a literal that leaves it out retries nothing.
	Retries string
	// Check is the field holding the retry decision; a client whose
	// decision is replaced retries what its author chose.
	Check string
}

// ClientTypes lists the client types configured through fields.
var ClientTypes = []ClientType{
	{Pkg: RetryableHTTP, Name: "Client", Retries: "RetryMax", Check: "CheckRetry"},
	{Pkg: RestyV2, Name: "Client"},
}

// ClientWrappers return an *http.Client (or another client type) that
// sends through the retrying client they are called on, with its policy:
// go-retryablehttp's StandardClient.
var ClientWrappers = Table[bool]{
	{RetryableHTTP, "Client", "StandardClient"}: true,
}

// RetryingTransports are http.RoundTripper types that send through the
// retrying client held in the field named by the value.
var RetryingTransports = map[[2]string]string{
	{RetryableHTTP, "RoundTripper"}: "Client",
}

// ClientRequests start a request on the client they are called on (resty's
// R and NewRequest): a send through the request goes through the client.
var ClientRequests = Table[bool]{
	{RestyV2, "Client", "R"}:          true,
	{RestyV2, "Client", "NewRequest"}: true,
}

// DefaultClientRetries is how many times the package-level functions of
// go-retryablehttp (Get, Post, ...) retry: they use a NewClient() client.
const DefaultClientRetries = 4

// RetryingTransportCalls build an http.RoundTripper that retries through
// the policies they are given (failsafe-go's failsafehttp.NewRoundTripper):
// their family says whether those policies retry, and how often.
var RetryingTransportCalls = Table[bool]{
	{FailsafeHTTP, "", "NewRoundTripper"}:             true,
	{FailsafeHTTP, "", "NewRoundTripperWithExecutor"}: true,
}
