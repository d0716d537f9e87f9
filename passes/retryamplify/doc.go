// Package retryamplify defines an Analyzer that reports retries nested in
// retries, which multiply the load on a failing dependency.
package retryamplify

// Doc is the analyzer's documentation.
const Doc = `report retry sites whose operation reaches another retry site

Each layer that retries multiplies the attempts of the layers below it:
three layers of 1 + 3 retries turn one click into 4 x 4 x 4 = 64 calls on
the dependency that is already failing.

Reported, once per outer retry site, at the code that enters the inner one:

  - a retry loop nested in a retry loop, at the inner for keyword, when the
    inner loop runs as part of an attempt (not only after a success); a
    retry written with a goto back to a label (retry: ...; if err != nil
    && n < 3 { n++; goto retry }) is a retry loop too, inner (reported at
    its goto) or outer;
  - a call, from a retry site's operation, of a function that retries (same
    or another package, through any number of calls, recursion included
    (a function that waits and calls itself after a failure retries):
    a RetriesFact recording its worst case, its attempts times those of the
    retries it reaches), at the call, with related information at the
    function; a call through an interface counts when the program has a
    single type implementing it (in this package, or in a package it
    imports from its own module or that holds a function that retries);
    an exported interface whose one implementation, among the types its
    own package sees, retries carries that method's fact, so an importer
    checked from export data (go vet) that cannot see an unexported
    implementation still reads it, and the report names the interface
    method; a call on an unexported interface field of the package that
    the package only ever fills with one type (a decorator that retries
    each method of an SDK's client, newRetryClient(client)) runs that
    type's method;
  - a retrying client (go-retryablehttp, its StandardClient or a transport
    wrapping it, resty with retries, a gRPC connection that retries the
    method called, an AWS SDK for Go v2 service client, an http.Client
    whose transport is failsafehttp.NewRoundTripper with a retry policy)
    or retry helper call inside a retry site, at that call; the client's
    configuration is read where it is built, through variables, struct
    fields and constructor functions;
  - a retry helper whose operation is a named function that retries, at the
    helper call; and one whose operation a function of the package made
    (wait(ctx, p.itemExists(title)), itemExists returning one literal):
    the literal's calls are the operation's, reported at the argument
    that hands it over, with related information at the inner call;
  - a loop whose success goes round too (a status poll) and whose failure
    paths run the failed call again, counting the failures (if err != nil
    && n < 3 { n++; continue }; a consumer's receive loop that goes round
    after every failed receive for as long as it runs is its schedule,
    not counted): each such round runs the inner retry again, so it is an
    outer site for the calls its failure paths repeat (a client retrying
    on its library's defaults left out, as in a redelivered handler); a
    call of the function holding it polls, it is no retry of the caller.

The message multiplies the attempt counts where they are constants (a loop
"for i := 0; i < 3; i++" or "for range 3", a goto retry bounded by
"n < 3" with n set once to a constant and only advanced by one (n+1
attempts), retry-go Attempts(n) or its
default 10, backoff WithMaxRetries(b, n) and sethvargo WithMaxRetries(n, b)
as n+1, backoff v5 to v7 WithMaxTries(n), wait.Backoff Steps, a failsafe-go
retry policy's default of 3 attempts, WithMaxRetries(n) as n+1 or
WithMaxAttempts(n), go-retryablehttp's
default of 5 attempts or RetryMax n as n+1, resty SetRetryCount(n) as
n+1, a gRPC service config's maxAttempts capped at 5 or at
WithMaxCallAttempts, times go-grpc-middleware's WithMax(n) as n, an AWS
SDK client's 3 attempts by default, or those set by
config.WithRetryMaxAttempts, config.WithRetryer returning
retry.NewStandard with MaxAttempts or retry.AddWithMaxAttempts, and the
Retryer and RetryMaxAttempts options of the client or of the call), and
names the function the inner retry is in. An AWS client whose
configuration is not in view (a parameter) retries as often as we cannot
say; one given aws.NopRetryer{} or one attempt does not retry.

A gRPC call retries when the connection it is made on (grpc.NewClient,
Dial, DialContext, followed through the generated client built on it,
NewXxxClient(conn)) has a default service config
(WithDefaultServiceConfig: a constant, a concatenation or fmt.Sprintf of
one) whose most specific methodConfig entry for the method has a valid
retryPolicy, unless WithDisableRetry is given; or a go-grpc-middleware v2
retry interceptor with WithMax(n), n of 2 or more, on its kind of call
(unary or stream), unless the call passes retry.Disable() or WithMax of
its own. The method's name comes from the generated
<Service>_<Method>_FullMethodName constant, or from the client's and
method's Go names.

A retry inside a job or message handler that its framework runs again
when it fails multiplies by the framework's runs: asynq (26 by default,
MaxRetry(n): n+1), river (25, MaxAttempts), Temporal activities (no limit
by default, RetryPolicy.MaximumAttempts) and watermill handlers; it is
reported at the inner retry. A Kafka, NATS, RabbitMQ, Pub/Sub or SQS
consumer gets a message again only when it did not acknowledge it (often
only when its process died): a retry inside one is not counted, unless
the consumer asks for the redelivery itself (NATS Nak or NakWithDelay, a
RabbitMQ Nack or Reject with requeue true, a Pub/Sub Nack), or leaves a
failed message unacknowledged where the broker sends it again in the
same process: an SQS consumer whose failure path skips DeleteMessage
(continue or return: the message is visible again after the visibility
timeout), a JetStream consumer that neither acks nor terminates a failed
message (sent again after AckWait), a sarama ConsumeClaim that returns
before MarkMessage (the next session starts at that message). It then
runs again, with no limit by default, on every failure; a skip counts for
the retries that run before it (a message skipped because it cannot be
decoded, before any retry ran, multiplies nothing), and a failure branch
that deletes, commits or terminates the message is no skip. A kafka-go or
franz-go consumer that skips a commit is not counted: the reader's offset
moves on in memory, and the next commit covers the skipped message. The
consumer's own
answers to its broker (Ack, Nak, a commit) are not inner retries, however
the client library delivers them; nor, inside any handler, is a library
client on its default retryer (an AWS SDK for Go v2 client built without
a retry setting of the program's, or out of sight: the SDK's own three
attempts, which every SDK call makes): a retry the program writes or
configures (a loop, a retry helper, retry.AddWithMaxAttempts, a
go-retryablehttp client) is counted. A consumer function handed a
message that acknowledges it itself (a worker method the receive loop
calls or starts on a goroutine) is a handler of its own.

A retry loop that goes round only on errors proving the attempt never
reached the server (driver.ErrBadConn, as database/sql's retry on a broken
pooled connection; a refused or failed dial; a program whose start failed
with ETXTBSY, which never ran) does not multiply the load on it, and is
not counted as a retry. Nor is a loop that goes round only on
an answer the inner clients never retry by themselves: an AWS service's
modeled error that is no throttle, timeout or server fault
(errors.As(err, &ccf) with a *types.ConditionalCheckFailedException, an
optimistic write that lost its race).

Not reported: retries in sequence, an inner retry that runs only after the
outer attempt succeeded, a call that configures a single attempt of a
function that retries as its caller configures it (its one retry loop,
for i := start; i < n (or <=) with no other retry in reach, is bounded
by a parameter (lookup(ctx, id, 1)), a field of a configuration
parameter (Fetch(ctx, Config{MaxRetries: 0}), a field left out is
zero), a field of its receiver (a client built in the caller as
&Client{Retries: 0}), or a field of a configuration its options set
(Lookup(ctx, id, WithAttempts(1)), read through the option constructor,
an OptionFact; an option that cannot be read may set anything): the
RetriesFact carries where the bound comes from, and the message
multiplies by the count the call configures), an inner retry whose failure ends the outer site
(the outer attempt is simulated with the inner call's error non-nil, and
every path through the call, however the error is tested (at once, after
a log, in a switch), leaves the loop, returns the error wrapped in the
outer helper's own permanent marker (backoff.Permanent for backoff,
retry.Unrecoverable for retry-go; another library's marker means nothing
to it), or returns it to go-retry or a wait condition, which stop on a
plain error; an inner retry in a loop nested in the attempt is not
simulated), an inner retry that stops only when its context is done (a
lock acquisition that waits while the lock is held, until the caller
gives up: a loop whose bound is that context alone, or a function whose
one such loop is bounded by its context parameter, a RetriesFact) given
the very context that stops the outer site (tested on its retry path, or
handed to the helper: retry.Context(ctx), backoff.WithContext(b, ctx)),
which gives up only when the outer site stops too, so the failures the
outer site retries are those the inner one returned at once (a context
derived with a timeout of its own ends earlier, and is counted), a go-retryablehttp client with RetryMax set to 0
(or a literal without it), a resty client without a constant retry count,
a gRPC method no retryPolicy covers, a retry interceptor left at its
default WithMax(0) or given a count that is not a constant,
an AWS SDK client with aws.NopRetryer{} or one attempt,
and calls through an interface with no implementation, or several, in the
package (which one runs is not known), or whose one implementation is the
calling method's own type (a decorator calls the implementation it wraps),
nor a retry inside a function literal the outer attempt hands to such a
call, or to a function value (a listener started by the attempt calls its
handler once per event, and a failed attempt restarts the listening, not
the handler's work); a literal handed to a function the package can see
(a transaction helper that calls it) is counted.`
