// Package unboundedretry defines an Analyzer that reports retries that can
// go on forever.
package unboundedretry

// Doc is the analyzer's documentation, shown by `idemlint -help` and
// golangci-lint.
const Doc = `report retry sites that can retry forever

A retry must end while the operation keeps failing: after a few attempts,
at a deadline, or when the caller's context is done. Otherwise one outage
turns every client into a permanent source of load.

Reported, at the for keyword, is a retry loop whose retry path (the path from
a failed attempt to the next one) tests no attempt counter, no elapsed time
or deadline (time.Since, time.Now().After, a time.Time variable), and no
context (ctx.Err(), <-ctx.Done(), a context-aware wait whose error ends the
loop, such as a wait helper of the program that selects on ctx.Done() or a
stop channel, or a select case that leaves the loop when a quit channel or a
timeout delivers, or when a channel is closed, case _, ok := <-closing: if
!ok { return }; a break that only leaves the select does not, nor
does a ticker's tick, the schedule of the attempts, nor a test of the
error of a call given the context whose side does not leave on every
path: if err != nil { log(err) } stops nothing), no stop flag (a test of state the loop does not assign, read
through a call or a field: atomic.LoadInt32(&c.stopped) == 1, c.isClosed()),
and has no other exit taken while the operation fails. A loop that moves to
the next candidate each time (for b := first(); b != nil; b = next()) tries
different things, not the same one again, and is not a retry loop; a loop
ranging over a ticker (for range tick.C, for range time.Tick(d)) that
leaves on success repeats the same attempt on every tick and is one
(ticking forever on failure, it needs a bound like any other; periodic
work that never leaves on success is not a retry). A loop ranging over
a schedule of delays whose element it waits for (for _, d := range
backoffs { ...; time.Sleep(d) }) repeats one attempt and is bounded by
the schedule's length. This is decided
on the loop's control-flow graph: a counter tested only after a success does
not bound it; "for attempt := range 5" does. Every failure path round the
loop must pass a bound: a busy answer that continues without counting the
attempt escapes the limit (also when the header tests a counter that only
the body advances, for tries := 0; tries < 5; {...}: a transport error that
continues before tries++ is reported with its own message), and a counter that only feeds the delay limits
nothing; nor does a test whose side leaves the loop only through the
next attempt's success (the clamp if wait > 600 { wait = 600 }): a bound
leaves before another attempt. The success branch of an attempt that takes a context (if err :=
ping(ctx); err == nil { return }) is no context bound. Loops written as for
conn == nil { conn, err = dial() }, for err != nil { err = op() } and a
SETNX spin-lock (ok, err := rdb.SetNX(...).Result(); if ok { return }) are
retry loops, and so is a goto back to a label from a failure branch (retry:
err := op(); if err != nil { goto retry }), in a declared function or a
function literal (a handler written as a closure), reported at its label
(the line that stands for the missing for, as reviewers read it) unless a
test on the way to it (err != nil && attempt < 3, or a flag that lets one
retry through and stays set: if !retried { retried = true; goto retry }) or
in the statements since the label that returns limits the attempts, the
time or the context. A loop whose only call hands back the error an error
wraps (for err != nil { ...; err = c.Cause() }, Unwrap() error) walks an
error chain and retries nothing.

A loop whose success goes round too (a consumer that receives again after
each batch, a worker that queries again after a pause) is no retry loop,
but a failure path of it that goes round to the same call with the same
inputs, at once or after a wait no success path takes, retries that call
(RULES.md, reconnect loops: the bound is judged on the failure path). It
is reported at the for keyword when nothing on that path ends it: an
attempt counter tested there (n++; if n >= maxErrs { return err }; a
counter that only success tests counts successes), a deadline, or a
context (for ctx.Err() == nil, a select { case <-ctx.Done(): return;
default: } before the attempt, if ctx.Err() != nil { return } after it,
errors.Is(err, context.Canceled), a context-aware wait whose error
returns; a policy handed the count whose answer ends the loop, wait, ok
:= b.Next(n); if !ok { return err }; a flag the loop's condition reads,
set once a deadline passed or the context is done, for !done { ...; if
time.Since(start) > timeout { done = true } }; the answer of a call
given a stop channel, if quit := waitForEvents(closeCh); quit { return
}; a function of the program in the failure test that answers with a
constant once its context is done, if !s.shouldReconnect(err) { return
err } with if s.ctx.Err() != nil { return false } inside). Not reported: a failure path that leaves, takes a new input
(a message received before the attempt, a token or cursor it moves), reads
the next item of a stream, goes round only after an attempt that never
reached the server (driver.ErrBadConn), blocks on a channel before going
round, or passes a wait success paths take too (a schedule: time.Sleep at
the end of the body, a ticker), and a loop that does its work a number of
times whatever the outcome (for i := 0; i < b.N; i++, for pb.Next()), as
nojitter's Doc says.

A failover loop, whose every round hands its attempt the next target a
method of the client draws (endpoint := c.nextEndpoint(), a method that
moves a field of its receiver and returns an address or a client, or that
moves the client to the next server its dialling method reads), or that
consumes a list of targets head first (u := urls[0]; urls = urls[1:]), is
bounded by its targets and not reported (RULES.md, "Vocabulary"); it
stays a retry for retrynonidempotent and retryamplify.

Decisions RULES.md leaves open (docs/retry-sites.md):
  - a reconnect loop whose attempt never succeeds (every return of the
    function it calls is a non-nil error: a stream read until it breaks)
    is a retry loop, bounded by a context it checks, and so is a daemon
    whose attempts run only while the state their success sets is
    missing (if d.conn == nil { d.conn, err = dial() }, on every tick);
  - a stop flag in the loop's condition or body that someone else clears
    (for r.running.Load()), and an operation that returns nil once the
    context or done channel it is given is done (case <-ctx.Done(): return
    nil), or an error variable of its package (case <-stop: return
    errStopped) that the loop returns on, bound the loop like a context;
  - a loop that goes round only on an error value the program returns
    under tests of a successful answer ("not done yet": a 202, a job's
    state, or a 404 of a resource just created, when every other error
    returns: not visible yet) is a poll, and one that goes round only on a uniqueness conflict
    (os.IsExist, gorm.ErrDuplicatedKey, 23505, 1062, 409) with a value made
    anew each round (a random ID, the next name) resolves a collision:
    neither is a retry;
  - on a failure path, a value computed before the attempt from locals the
    path leaves alone (t := next(lastT)) is the same input again, and an
    attempt inside an if is judged too.

Reported, at the expression that builds the policy, are library policies with
no limit, checked against each library's defaults:

  - avast/retry-go: Attempts(0) or UntilSucceeded() without a Context(ctx)
    option (the default is 10 attempts, which is bounded); in v5, among
    the options the retrier is built with (retry.New(opts...).Do(op));
  - sethvargo/go-retry: NewExponential, NewFibonacci and NewConstant never
    stop on their own: reported unless wrapped by WithMaxRetries or
    WithMaxDuration, or the context passed to Do visibly has a deadline
    (context.WithTimeout/WithDeadline in the same function); the Exponential,
    Fibonacci and Constant shortcuts are reported at the call;
  - cenkalti/backoff/v4: MaxElapsedTime = 0, MaxElapsedTime: 0 in an
    ExponentialBackOff literal, or WithMaxElapsedTime(0), and
    ConstantBackOff and ZeroBackOff (which never stop), unless wrapped by
    WithMaxRetries or WithContext (NewExponentialBackOff's default of 15
    minutes is bounded); reported at the NewExponentialBackOff call that
    builds the policy, also when the setting is an option on a later line
    or an assignment after it;
  - cenkalti/backoff v5, v6 and v7: Retry with WithMaxElapsedTime(0), no
    WithMaxTries and a context with no visible deadline (a ConstantBackOff
    or ZeroBackOff given by WithBackOff is ended by Retry's own 15 minutes);
  - go-grpc-middleware v2's retry interceptor: WithMax with a huge count
    (65536 or more, such as math.MaxUint32), which takes a uint and so has
    no other way to say "no limit": the interceptor then retries until the
    call's context ends. Reported wherever the option is built;
  - AWS SDK for Go v2: retry.AddWithMaxAttempts(r, n) with a constant n of
    0 or less, wherever it is called: the retryer retries every retryable
    error of every call until it succeeds (unless r is aws.NopRetryer{},
    which retries nothing). The SDK's default of 3 attempts, NewStandard
    (a MaxAttempts of 0 or less is the default 3) and
    config.WithRetryMaxAttempts(0) (unset) are bounded; a negative
    RetryMaxAttempts in a client's options is not reported (unbounded by
    the code, not documented);
  - failsafe-go: a retry policy with WithMaxRetries(-1) or
    WithMaxAttempts(-1) and no WithMaxDuration, run by an executor given no
    context (WithContext) that can end it (the default is 3 attempts); a
    builder configured statement by statement is read as the chain;
  - watermill middleware.Retry literals with a negative MaxRetries and no
    MaxElapsedTime.

A function that, after its operation failed, waits and calls itself with
the same receiver and arguments (only an attempt counter or a delay may
change: a call on the next page or a child node is a walk, not a retry) is
a recursive retry; it is reported at the self-call when nothing in the
function ends it while the operation keeps failing: no test of a counter
the call advances (attempt+1, retries-1) that returns, no context check
(ctx.Err(), a select on ctx.Done() that returns, a context-aware wait whose
error is returned) and no deadline.

A function of the program that hands its policy or options parameter
straight to a library retry helper is a wrapper of it: the policy, options
and context given at a call of the wrapper are judged there.

A policy built and returned by a function or method of the program (func
newBackoff() backoff.BackOff), in this package or another, is judged the same way where
it is built and recorded as a Fact; a retry helper that gets its policy from
a call of that function and adds no limit (WithMaxRetries, WithContext, a
context with a deadline) is reported at the helper call, naming the
function, since another caller may add one. A policy read from a struct
field is judged by what the package stores in that field (&Client{backoff:
b}, c.backoff = b), with what the call adds around it, when every stored
value can be seen. When this package stores it and a call adds no limit,
it is reported where it is built (the setting or constructor call that
never stops), once, however many calls read it. The same holds for a
package variable (var defaultOpts = []retry.Option{retry.Attempts(0)}) and
for retry-go options spread into the call (c.opts..., defaultOpts...) when
the call itself adds no Attempts and no Context. A variable of another
package (read through a Fact) or a field set from a constructor's result
is reported at the helper call, naming it: whether a use adds a limit is
decided at the use, so its package cannot judge it alone. A policy handed to a function of the program
and returned by it is not judged (it may have been wrapped).

Never reported, because their defaults and every setting are bounded:
go-retryablehttp (RetryMax, 4 by default, bounds every client; a negative
value means no retries at all), resty (SetRetryCount), k8s wait.Backoff
(Steps), a default NewExponentialBackOff (15 minutes), and gRPC service
config retry policies (maxAttempts, capped at 5 by the channel unless
WithMaxCallAttempts raises the cap).

A user-defined retry helper that is unbounded is reported once, at its own
loop, not at its callers. A helper whose only bound is a context parameter
(for { if op() == nil { return }; select { case <-ctx.Done(): return; case
<-timer.C: } }) leaves the bound to its callers: a call handing it a context
that is never done (context.Background(), context.TODO(), a variable only
ever given one) is reported at the call, unless the call's operation counts
its own attempts or the helper is given a predicate that may stop it. A loop
that asks a stop channel without blocking on each round (select { case
<-quit: return; default: }) is bounded by it. A getter of a stored error
(func (c *cache) status() error { c.mu.RLock(); defer c.mu.RUnlock();
return c.err }) attempts nothing, and a receive's "nothing arrived in time"
value (nats.go's NextMsg and Fetch returning ErrTimeout) is a poll's "not
yet", not a failure. Loops over channels and accept loops are not retry
sites and are never reported.`
