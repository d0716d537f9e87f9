// Package retrynonidempotent defines an Analyzer that reports non-idempotent
// HTTP requests retried without an idempotency key.
package retrynonidempotent

// Doc is the analyzer's documentation.
const Doc = `report POST and PATCH requests retried without an idempotency key

A request that timed out may have been processed: retrying a POST or PATCH
repeats its side effect (a second charge, a second order) unless the server
can recognise the retry by an idempotency key generated once per logical
operation and sent on every attempt.

Reported, at the call that sends the request, is a request whose method is
in -retrynonidempotent.methods (default POST,PATCH) sent inside a retry site
(a retry loop, a retry helper such as backoff.Retry or retry.Do, a
user-defined retry helper, or a retrying client: go-retryablehttp, resty with
SetRetryCount) without a header from -retrynonidempotent.headers (default
Idempotency-Key,X-Idempotency-Key; compared case-insensitively).

Sending: http.Post, http.PostForm, (*http.Client).Post/PostForm/Do with a
request from http.NewRequest(WithContext) or an http.Request literal,
go-retryablehttp's NewRequest/Client.Do/Client.Post, resty's R().Post/Patch/
Execute. The method must be a constant expression ("POST", http.MethodPost,
a named constant), possibly passed down through parameters of helpers; a
method that is not constant anywhere along the way is not reported.

A key is present when the request gets a key header through Header.Set/Add,
Header[...] =, an http.Header literal, resty's SetHeader, or a function
whose Fact says it sets the key on a request it is given. A header set with
a name that is not constant counts as a key (it may be one).

Across functions and packages, Facts record functions that send an unkeyed
non-idempotent request (and which parameter carries the method), and
functions that set the key: a retry loop that calls client.CreateOrder(...)
is reported at that call, with related information pointing at the POST;
a retrying helper called with http.MethodPost is reported at that call.

Also reported: a key generated per attempt, its value made by uuid, rand,
time.Now or similar inside the retry site (followed through SSA), so every
attempt carries a new key and the server cannot recognise the retry.

Not reported: GET, HEAD, OPTIONS, PUT, DELETE; a POST sent once (including
one inside a retry loop that runs only after the attempt succeeded and
never goes round again, as after a readiness poll); a POST with
a key made outside the retry site; a retry loop whose failure tests only
retry HTTP 429 or a dial error (syscall.ECONNREFUSED, or a *net.OpError
whose Op is "dial"): outcomes that prove the server did not process the
request; a go-retryablehttp client whose CheckRetry was
replaced.`
