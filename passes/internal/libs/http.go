package libs

// Send describes a call that sends an HTTP request.
type Send struct {
	// Method is the method the call always uses ("POST"), or "" when it
	// comes from an argument.
	Method string
	// MethodArg is the index of the method argument (resty Execute), or -1.
	MethodArg int
	// RequestArg is the index of the request argument (Client.Do), or -1.
	RequestArg int
	// Wrapped says the request is the one the receiver wraps
	// (failsafehttp.NewRequest(req, client, rp).Do(), see WrappedRequest).
	Wrapped bool
}

func sendMethod(m string) Send   { return Send{Method: m, MethodArg: -1, RequestArg: -1} }
func sendRequest(arg int) Send   { return Send{MethodArg: -1, RequestArg: arg} }
func sendMethodArg(arg int) Send { return Send{MethodArg: arg, RequestArg: -1} }

// Sends lists the calls that send a request.
var Sends = Table[Send]{
	{"net/http", "", "Post"}:                  sendMethod("POST"),
	{"net/http", "", "PostForm"}:              sendMethod("POST"),
	{"net/http", "", "Get"}:                   sendMethod("GET"),
	{"net/http", "", "Head"}:                  sendMethod("HEAD"),
	{"net/http", "Client", "Post"}:            sendMethod("POST"),
	{"net/http", "Client", "PostForm"}:        sendMethod("POST"),
	{"net/http", "Client", "Get"}:             sendMethod("GET"),
	{"net/http", "Client", "Head"}:            sendMethod("HEAD"),
	{"net/http", "Client", "Do"}:              sendRequest(0),
	{"net/http", "RoundTripper", "RoundTrip"}: sendRequest(0),
	{"net/http", "Transport", "RoundTrip"}:    sendRequest(0),
	{RetryableHTTP, "Client", "Do"}:           sendRequest(0),
	{RetryableHTTP, "Client", "Post"}:         sendMethod("POST"),
	{RetryableHTTP, "Client", "PostForm"}:     sendMethod("POST"),
	{RetryableHTTP, "Client", "Get"}:          sendMethod("GET"),
	{RetryableHTTP, "Client", "Head"}:         sendMethod("HEAD"),
	{RetryableHTTP, "", "Post"}:               sendMethod("POST"),
	{RetryableHTTP, "", "PostForm"}:           sendMethod("POST"),
	{RetryableHTTP, "", "Get"}:                sendMethod("GET"),
	{RetryableHTTP, "", "Head"}:               sendMethod("HEAD"),
	{RestyV2, "Request", "Get"}:               sendMethod("GET"),
	{RestyV2, "Request", "Head"}:              sendMethod("HEAD"),
	{RestyV2, "Request", "Options"}:           sendMethod("OPTIONS"),
	{RestyV2, "Request", "Post"}:              sendMethod("POST"),
	{RestyV2, "Request", "Put"}:               sendMethod("PUT"),
	{RestyV2, "Request", "Patch"}:             sendMethod("PATCH"),
	{RestyV2, "Request", "Delete"}:            sendMethod("DELETE"),
	{RestyV2, "Request", "Execute"}:           sendMethodArg(0),
	{FailsafeHTTP, "Request", "Do"}:           {MethodArg: -1, RequestArg: -1, Wrapped: true},
}

// RequestBuilders are the calls that build a request; the value is the
// index of the method argument.
var RequestBuilders = Table[int]{
	{"net/http", "", "NewRequest"}:               0,
	{"net/http", "", "NewRequestWithContext"}:    1,
	{RetryableHTTP, "", "NewRequest"}:            0,
	{RetryableHTTP, "", "NewRequestWithContext"}: 1,
}

// HeaderSetters are the methods that set a header: the value is the index
// of the header name argument (the value follows it).
var HeaderSetters = Table[int]{
	{"net/http", "Header", "Set"}:     0,
	{"net/http", "Header", "Add"}:     0,
	{RestyV2, "Request", "SetHeader"}: 0,
	{RestyV2, "Client", "SetHeader"}:  0,
}

// HeaderMapSetters set several headers from a map argument (index 0).
var HeaderMapSetters = Table[bool]{
	{RestyV2, "Request", "SetHeaders"}: true,
	{RestyV2, "Client", "SetHeaders"}:  true,
}

// NeverSucceed are calls documented to return only a non-nil error: a
// server's Serve returns when it stops, ErrServerClosed after Shutdown.
// A function returning what one returns never succeeds either (package
// retrysite/fails): calling it again in a loop is a reconnect.
var NeverSucceed = Table[bool]{
	{"net/http", "Server", "Serve"}:             true,
	{"net/http", "Server", "ServeTLS"}:          true,
	{"net/http", "Server", "ListenAndServe"}:    true,
	{"net/http", "Server", "ListenAndServeTLS"}: true,
	{"net/http", "", "Serve"}:                   true,
	{"net/http", "", "ServeTLS"}:                true,
	{"net/http", "", "ListenAndServe"}:          true,
	{"net/http", "", "ListenAndServeTLS"}:       true,
}
