// Package retryclienterror defines an Analyzer that reports retries of
// responses that cannot succeed, and retries that ignore Retry-After.
package retryclienterror

// Doc is the analyzer's documentation.
const Doc = `report retries of 4xx responses and retries that ignore Retry-After

A 400, 401, 403, 404, 409 or 422 response fails the same way on every
attempt: retrying it only adds load and delay. The failure test of a retry
site is read by running the attempt's code once per sampled status (2xx,
304, the 4xx that never pass, 408, 429, 5xx): status comparisons
(resp.StatusCode != 200, >= 400, > 299, < 200 || > 299, StatusCode/100 != 2,
also on a local that keeps the status: code := resp.StatusCode), a switch on
the status whose default goes round, resty's IsSuccess/IsError, and
predicates and checkers of the program in any package (also through a
call of an interface method with one implementation in the program)
(ok(code),
checkStatus(resp) returning an error for every non-2xx) are decided; the
other conditions are followed both ways. Reported at the send call (with
-retryclienterror.status, on by default) when the 4xx that say the
request itself is wrong (400, 401, 403, 422) all go round for another
attempt on a path a 200 does not take; one the loop singles out and ends
on (a 404 a sender turns into errNotFound: if errors.Is(err,
errNotFound) { return err }) does not excuse the others, while a test
that picks a few 4xx to retry (a 409 on a lock) is a choice. A sender of
the program that returns a sentinel of its package for some statuses and
an error it makes on the spot (errors.New, fmt.Errorf without %w,
github.com/pkg/errors' Errorf) for the others is known by a fact saying
which, so errors.Is(err, errNotFound), err == errNotFound and errors.As
of an error made on the spot are decided per status:
- in a retry loop, by continue or the end of the body (not a single pass
  over a list of targets, for _, svc := range services, which asks the
  next one: a 4xx from one server says nothing of the next, and RULES.md
  counts failover as a retry for retrynonidempotent and retryamplify
  only; inside a loop that asks the whole list again, the 4xx goes
  round);
- in a function that retries by calling itself after a failure (a
  recursive retry), by a path that makes the self-call;
- in a retry written with a goto back to a label, by a path that takes
  the goto;
- in a loop whose success goes round too (a status poll), by a failure
  path that runs the failed call again;
- in the operation of a retry helper, by the error it returns: a plain
  error (err, fmt.Errorf, an error value) for cenkalti/backoff, retry-go
  and user-defined helpers, but not backoff.Permanent or
  retry.Unrecoverable, returned at once or kept in the variable returned
  later (a user-defined helper that hands its operation to
  a library takes that library's marker; nor an error made by another
  function of the program, which may mark it permanent); only
  retry.RetryableError for sethvargo/go-retry; (false, nil) for a k8s
  wait condition. A predicate handed to the helper (retry-go's RetryIf,
  k8s retry.OnError, or the predicate parameter of a helper of the
  program, func Do(ctx, op, retryable func(error) bool), whose retry loop
  ends whenever it answers false) filters that error: one that is true
  for every error lets every 4xx through; one true only for a 429 (and
  errors of attempts never sent) lets none; a classifier of the program
  answers per status; any other answer is not read, and nothing is
  reported. A helper of the program whose own loop goes round only on a
  429 or a throttle error (an error type made only for a 429, as
  slack-go's RateLimitedError) and returns every other error retries
  no 4xx but 429, and waits as it chose on it;
- in a handler that a job framework runs again when it returns an error
  (asynq, river, Temporal activities, watermill: RULES.md, "Redelivery",
  is silent here, and the framework's retry is a retry site like the
  others), by the error it returns, but not one that is, makes or wraps
  the framework's way to fail for good (asynq.SkipRetry or RevokeTask,
  river.JobCancel, temporal.NewNonRetryableApplicationError); the message
  says how often the framework runs it and how to stop it, and is placed
  at the request's send: in a function of the package the handler calls
  (s.sendEvents(ctx, evs) doing httpClient.Do(req)) when that reaches one
  send, with the handler's call as related information. A broker
  consumer that redelivers only what it leaves unacknowledged is not
  read this way;
- in a retrying client's retry condition: go-retryablehttp's CheckRetry
  and resty's AddRetryCondition (with a retry count above zero), followed
  from the client's variable or field through constructors.
A function literal with no results that the attempt hands to a wrapper
(metrics.Measure("lock", func() { err = lock.Post(c) }), a span or a
timer) is read as run there, once, unless it returns or branches or is
handed to the time package (time.AfterFunc runs it later); a function
that returns another's send and check (return postCallback(c, uri,
body)) sends and fails on the same statuses, and a bare return
returns what its named error result holds.
A test that singles out some client errors (returns on 404, wraps 4xx in
backoff.Permanent) is a choice, not reported. An error classifier is read
the same way: an error that a status made (a checker's, a sending
helper's, &APIError{StatusCode: resp.StatusCode}) matches errors.As or a
type assertion to an API error type that carries a status (an integer
StatusCode, HTTPStatusCode, HTTPStatus or Status field or method; a Code
field may be the application's own code, and is not read),
which then holds that status (or a Response *http.Response field, as
godo's and go-github's ErrorResponse: err.Response.StatusCode); a
classifier that takes the status to look for as an argument
(IsAPIError(err, http.StatusTooManyRequests, "")) tests that status;
a classifier function of any package
(isRetryable(err) bool, or classify(err) returning a class a switch
picks) is known by a fact saying, per status, what it answers. So if
!isRetryable(err) { return err } retries every 4xx when isRetryable lets
them through (apiErr.StatusCode >= 400, every API error), and none when it
picks 5xx, 408 and 429; a classifier or a switch tag whose answer cannot
be read leaves the statuses in doubt, and nothing is reported. When one
classifier decided, the message names it, with related information at
its declaration. A function of another
package that sends and fails on every non-2xx (a client's do that turns
each such status into an error, whatever its body decodes to) is a send
and such a test in the operation that calls it; one whose 4xx answers take
only the paths a 200 takes (it fails on 5xx, and otherwise returns what
decoding the body into out returns) does not fail on them, so its retry
is not a retry of 4xx. A helper of the package
that retries the operation it is given (waitFor(ctx, op) calling
wait.Retry(ctx, op, ...)) is reported at that retry call, once, when a
caller passes an operation that retries every 4xx, with the failing call
as related information; a helper that only hands its parameters on to
another (func WithRetries(n, d, f) { return WithRetriesContext(nil, n, d,
f) }) chooses no policy, and the report stays at the failing send. A loop
whose one special path changes what the
next attempt sends (a region redirect that stores the region an error
names, then continues) is still a retry loop on its other paths; the
special path is not read as a retry.

A server that answers 429 or 503 often says when to come back, in the
Retry-After header. Reported at the wait (with -retryclienterror.retryafter,
on by default): a retry loop whose code compares the status with 429 or
503, or tests it against a fixed table of codes that lists 429 (directly
or through a status predicate of the program that is true for 429 and not
for the client errors), or sends the server errors round and no client
error (resp.StatusCode >= 500: 503 is among them; a test that sends every
failure round is reported for its 4xx instead), and goes round on one of
them by a path that never reads the
Retry-After header (by name, or through a function of the program it hands
the response or its header to that does, or a field named RetryAfter: a
429's body decoded, {"retry_after": 1.5}, or a throttle error's), at the
wait on that path (the
wait after a 5xx, not the one after a transport error). A retry helper's
operation
(backoff.Retry, retry-go, a helper of the program) that fails on 429 or 503
the same way is reported at the helper's call: its wait is the helper's own
backoff, which knows nothing of the header unless the operation hands the
server's delay back (backoff v5 to v7's RetryAfter). Where the library
leaves the delay to the operation (Terraform's RetryContext, whose own
wait cannot be changed), the operation's wait before it returns its
RetryableError is the wait, and the report goes there when there is
one. An operation that reads the
header on one of its paths (429 waits for it, 5xx does not) is not
reported there.`
