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
(a retry loop, a goto back to a label from one or more failure branches,
a recursive retry (a function that waits and calls itself
with the same arguments after a failure; a send before the failure test),
a retry helper such as backoff.Retry or retry.Do, a
user-defined retry helper (also one a function makes and the program keeps
in a field: c.requestFunc(ctx, send) after requestFunc:
cfg.RequestFunc(evaluate), judged with the predicate the maker was
given), a failsafe-go executor with a retry policy, or
a retrying client: go-retryablehttp, its StandardClient or a transport
wrapping it, resty with SetRetryCount, an http.Client whose transport is
failsafehttp.NewRoundTripper with a retry policy, a request wrapped by
failsafehttp.NewRequest with one (sent by its Do), an http.Client whose
transport is a RoundTripper of the program that sends inside a retry
loop or helper; the client's configuration is read where it is built,
through variables, struct fields and constructors, in other packages
too: a function returning a retrying client, or a package variable
holding one, carries a Fact, unless its retry count comes from a
parameter, which may be 0) without a header from
-retrynonidempotent.headers (default Idempotency-Key,X-Idempotency-Key;
compared case-insensitively).

Sending: http.Post, http.PostForm, (*http.Client).Post/PostForm/Do with a
request from http.NewRequest(WithContext) or an http.Request literal,
go-retryablehttp's NewRequest/Client.Do/Client.Post, resty's R().Post/Patch/
Execute. The method must be a constant expression ("POST", http.MethodPost,
a named constant), possibly passed down through parameters of helpers; a
method that is not constant anywhere along the way is not reported. A
call of an interface method whose one implementation is in the program
(RULES.md, "Across function boundaries") sends what that implementation
sends; with several implementations the call is opaque.

A request whose own failure leaves the loop (if err := ensureToken(); err !=
nil { return err }, its other results untested by the loop's failure tests)
is sent again only after it succeeded, when another operation of the
attempt failed: the loop does not retry it (a token POST before the
operation, or a refresh after a 401), and it is not reported. The message
names what retries the request (this retry loop, retry.Do, the retrying
client) and the fixes that exist: a key where the API takes one, retrying
only failures that prove the request was not processed, or a receiver that
deduplicates.

A key is present when the request gets a key header through Header.Set/Add,
Header[...] =, an http.Header literal, resty's SetHeader, or a function
whose Fact says it sets the key on a request it is given. A header set with
a name that is not constant is followed to where the name comes from: a
header map copied into the request (for k, v := range headers
{ req.Header.Set(k, v) }, req.Header = h, resty's SetHeaders) is judged
where it is built. A map literal, or a map filled with constant names, holds
a key when one of them is in the list (its value is judged for being made
per attempt); a map of the function's parameter, a field of a struct
parameter, or the name field of each element of a variadic parameter
(for _, h := range headers { req.Header.Add(h.Name, h.Value) }: none
when the caller gives none, Header{Name: "Idempotency-Key", ...} when it
does) is judged at each caller (a Fact on the helper, through any
number of helpers and packages: c.do(ctx, http.MethodPost, path,
map[string]string{"Idempotency-Key": key}) is keyed, c.do(ctx,
http.MethodPost, path, nil) is not, and do, which retries, is reported at
that call); a map returned by a function of the program is judged by its
Fact (a helper returning http.Header{"Idempotency-Key": {uuid.NewString()}}
called in the attempt makes a key per attempt); a map-typed struct field of
the package by every value the package stores in it, where an exported
field the user fills (user metadata, extra headers) counts for the names
the program writes: names the user adds are not seen, and a key is present
only when the request carries a key-list header; so does an unexported
field filled by a client option from the user's map (SetRequestHeaders(h)
returning func(c *Client) error, c holding the *http.Client): those
headers go on every request of the client, one value for every
operation, which keys none; and so does one filled by a setter of the
client that returns nothing (c.SetHeader(name, value), c holding the
*http.Client), whose names are a key only when a caller in the package
gives one. A call option's map (func(o *callOpts), a
struct that holds no client) and a builder's setter returning its
receiver still may hold a key. The Header of a request
built in the same function by http.NewRequest(WithContext) or
go-retryablehttp's NewRequest starts empty: reading it back (header :=
req.Header; ...; req.Header = header) adds no name, while the Header of a
request the function is given (a proxied in.Header) may hold any. A name
from anything else (another module's field, an opaque call, a name made at
run time, a parameter stored in an unexported field) may be a key: not
reported; an exported header field of a package of the same module (an
exporter's c.cfg.Headers, filled by its WithHeaders option) is the user's
configuration, as one of the package itself is; a header whose value is
read from a package-level variable (req.Header.Set(h.Key, h.Value) over
the configured headers of a config loaded once) is one value for every
request the process sends, and keys none. A request kept in a struct
that embeds it (request{Request: r}, sent as req.Request) is that request,
and one cloned from a field (c.req.Clone(ctx)) is what the package stores
in the field, read where it is stored (the client's constructor). A
struct of the program with one request field (an SDK's RequestConfig{
Request: req, HTTPClient: hc, MaxRetries: 10}) holds the request it
sends: a function that returns one is a builder (NewRequestConfig(ctx,
method, path, body)), and a method that sends its receiver's request
(cfg.Execute(), retrying it through a handler func(*http.Request)
(*http.Response, error) made from the client's Do) is a wrapper of it, so
ExecuteNewRequest(ctx, http.MethodPost, ...) is reported at each call.

Across functions and packages, Facts record functions that send an unkeyed
non-idempotent request (and which parameter carries the method, and
whether they retry it themselves), functions that build a request (a
c.newRequest(ctx, method, path, body) builder: its method or method
parameter, and whether it sets a key, made anew on each call or not; also
called through an interface whose one implementation is such a builder,
a seam for tests such as Http.NewRequest(method, url, body)),
functions that send a request they are given (a c.do(req) wrapper, also
when what it sends is made from it: retryablehttp.FromRequest(req),
req.WithContext(ctx)), and
functions that set the key: a retry loop that calls client.CreateOrder(...)
is reported at that call, with related information pointing at the POST;
a retrying helper called with http.MethodPost is reported at that call; a
request built by a builder given http.MethodPost and sent in the loop is
reported at the send.

A client package that keeps the *http.Client it is given in a field and
POSTs through it (internal.NewClient(hc) stores hc in Client.HTTPClient,
and RecordService.Create sends through c.HTTPClient.Do) cannot know, when
it is analyzed, that its importer hands it a retrying client: Facts flow
from importee to importer only. The constructor's Fact says which
parameter lands in which field and which method POSTs through it, and a
call of it given a retrying client (go-retryablehttp's StandardClient,
also through functions of any package that return the client they are
given, such as a debug wrapper) is reported at that call, with the POST
as related information. A POST that carries a key, a field no POST goes
through, a client whose CheckRetry was replaced or whose retries are off,
are not reported. A helper that sends through the *http.Client it is
given (DoRequestWithClient(ctx, c.HTTPClient, req) calling client.Do(req))
sends through the client its caller hands it: a call of it with a
retrying client kept in a field of the package is a send through that
client, and the POSTs of the package's methods that reach it are reported
as retried.

Also reported: a key generated per attempt, its value made by uuid, rand,
time.Now or similar inside the retry site (followed through SSA, and
through functions that return such a value, learned as Facts, also in
a package of key helpers that sends nothing itself), or by a
request builder called inside the retry site that makes a new key on each
call, so every attempt carries a new key and the server cannot recognise
the retry; a builder that sets the key from its parameter
(c.newKeyedRequest(ctx, method, path, key, body)) given a key made in
the attempt is reported at the builder call. A helper that sends a POST keyed by its parameter
(d.SendKeyed(ctx, http.MethodPost, path, key, body), in any package,
learned as a Fact) takes the key from its caller: a call inside a retry
that passes a key made in the attempt (uuid.NewString() as the argument)
is reported at the call. A key made lazily inside the retry, in a variable
declared before it (if key == "" { key = uuid.NewString() }), is made once.
A function that sends a request with a key of its own making
(as stripe-go does once per call) is not reported at its callers.

A job or message handler that its framework runs again is a retry site
too (a redelivery: asynq and river handlers, Temporal activities, Kafka,
NATS JetStream, RabbitMQ, Pub/Sub and SQS consumers, watermill handlers;
the README lists them with their defaults): an unkeyed request it sends,
directly or through the functions it calls, is reported with the
framework and how often it runs the handler, and so is a key made fresh
in the handler: uuid.New(), watermill.NewUUID(), rand, the clock to the
second or finer (time.Now().UnixNano()), or a counter the process keeps
(atomic.AddInt64(&seq, 1) on a package variable or a field of the
handler's receiver, h.n++ before the key reads it), also through a key
helper (a Fact). A key derived from the task, job or message
(asynq.GetTaskID, the job ID, a field of the payload, a name-based
uuid.NewSHA1 of them) is made once per delivered unit, and so is one that
keeps a deliberate window of the clock (time.Now().Truncate(24 *
time.Hour), Format("2006-01-02") or another layout without seconds,
Unix()/3600) or counts from where each run starts (a local counter).
A function handed a delivered message that acknowledges it itself (a
worker method an SQS receive loop calls, starts on a goroutine or feeds
through a channel) is a handler of its own, up to its acknowledgement; so
is a function handed to a consumer helper of the program (a function, in
any package, that receives from a broker itself and calls the function it
is given with what it received before acknowledging it, a Fact), which the
broker delivers again when the helper naks what it failed on (returned
false or an error) or when the process dies first. Not reported there: a handler configured not to retry
(asynq MaxRetry(0), river MaxAttempts: 1, Temporal MaximumAttempts: 1
where the package shows them), tasks enqueued with asynq Unique or
TaskID and river jobs with UniqueOpts, code after the message is
acknowledged (CommitMessages, MarkMessage, Ack, DeleteMessage) or after an
INSERT ... ON CONFLICT DO NOTHING that records it, kafka-go ReadMessage
loops (committed before the message is handled), JetStream callbacks
without ManualAck, and RabbitMQ consumers with autoAck.

AWS SDK for Go v2: an operation whose input has an idempotency token
(ClientToken, ClientRequestToken, IdempotencyToken) is reported when the
input is built in the attempt of a retry site of the program (a literal
in the call, or a variable declared in the attempt) and leaves the token
unset: the SDK fills in a new token for each call, so every outer attempt
is a new request to the service. An input built once before the retry is
fine (the SDK writes its token into it on the first call), and so is a
retry of definite answers only (a ConditionalCheckFailedException). The
SDK's own retries reuse the token; operations without a token field are
not judged (which of them repeat a side effect is not modelled).

Not reported: GET, HEAD, OPTIONS, PUT, DELETE; a POST sent once (including
one inside a retry loop that runs only after the attempt succeeded and
never goes round again, as after a readiness poll); a POST with
a key made outside the retry site; a retry loop whose failure tests only
retry a status the server rejected the request with (429, or any other
4xx but 499: a 400 asking for a fresh DPoP nonce, a 401 before a token
refresh; RULES.md names 429, and a 4xx is read as the same proof that
the server did not act on the request) or a dial error (syscall.ECONNREFUSED, or a *net.OpError
whose Op is "dial"; also as tests that leave the loop one after the other,
if err == nil { return nil }; if !errors.Is(err, syscall.ECONNREFUSED)
{ return err }), or a retry helper whose retry predicate (retry-go's
RetryIf, k8s retry.OnError, or the predicate parameter of a helper of the
program, Do(ctx, op, isRateLimited), whose retry loop ends whenever it
answers false) is true only for those (a test of the status, or of an
error's message that names a 4xx status: strings.Contains(err.Error(),
"status 403: Authorization"), err.Error() == "429 Too Many Requests"; a
reason phrase alone counts but for the generic "not found", "conflict",
"gone" and "locked"; a helper of the program whose every retry of its
operation is such a helper call, RetryIf(isAuthRejection) fixed inside
it, or a call of another such helper, retries only what was refused), or whose operation returns every
other error wrapped as permanent (if err != nil && !isRateLimited(err) {
return backoff.Permanent(err) }): outcomes that prove the server did not
process the request; a throttle error is one (an error type a package
makes only under a test that the status is 429, as slack-go's
RateLimitedError: errors.As(err, &rl) matches only a 429), and a helper
of the program whose own loop goes round only on a 429 or a throttle
error, returning every other error, retries no
POST its callers send through it; a POST that a helper's operation sends
again only after the server rejected it (a 412, a 403 "not ready yet";
IsAPIError(err, 422, ...) counts too), whatever the attempt does before
it (a read that goes round while the resource is busy); a helper whose
operation returns a permanent error on every failure (Terraform's
NonRetryableError), which runs it once; a go-retryablehttp client whose
CheckRetry was replaced, or whose retries are switched off. A replaced
CheckRetry that the program declares (a function literal, a function or a
method of the package: CheckRetry: c.retryHTTPCheck) and that retries a
server error (500, 502, 504) without reading the request's method retries
a POST as the default policy does, and is read as such; so does one
that answers a status itself (429) and returns the library's own decision
for the rest (return retryablehttp.DefaultRetryPolicy(ctx, resp, err)).
A CheckRetry set from a parameter (an SDK's option, func
WithCustomRetry(check retryablehttp.CheckRetry) Option { return func(c
*Client) { c.client.CheckRetry = check } }) is the option caller's choice:
the check the constructor sets still decides what the client retries.

Sends in function literals of package-level declarations (a command's
action, var crawl = &cli.Command{Action: func(...) error { ... }}) are
checked like those of functions.`
