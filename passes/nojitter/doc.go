// Package nojitter defines an Analyzer that reports retry backoff without
// jitter, without a cap, or with no delay at all.
package nojitter

// Doc is the analyzer's documentation.
const Doc = `report retry backoff without jitter, without a cap, or with no delay

Clients that fail together (a deploy, a network blip) retry together unless
each waits a random time; a delay that doubles without a cap grows to hours;
a retry loop that waits for nothing hammers the failing dependency.

Hand-written retry loops: the duration that reaches time.Sleep, time.After,
time.NewTimer, time.AfterFunc or Timer.Reset on the retry path (including a
select with ctx.Done()) is followed backwards through SSA values, phis,
conversions, arithmetic and calls of functions of the package (function
literals kept in local variables included: wait := func(n int)
time.Duration {...}; what they capture is not judged). A goto back to a
label from a failure branch is a retry loop too, in a declared function
or a function literal (a handler written as a closure), judged the same
way (a hot one is reported at its label; one that goes back once, under a
flag it sets, makes no storm). Reported at
the wait call:

  - no jitter: no math/rand, math/rand/v2, crypto/rand or jitter helper
    (wait.Jitter) value reaches the delay; constant and growing delays alike;
  - no cap: the delay grows with the attempt (<<, *=, math.Pow, times the
    counter) and no min, math.Min or "if d > max { d = max }" clamp limits it.
    The loop's own count is no clamp: a delay doubled on every one of
    maxRetries rounds, a setting, grows without a cap (one doubled over
    at most eight rounds of a constant count cannot exceed 128 times its
    start: capped).

A duration a library method looks up by a constant name
(c.Duration("connect-retry-delay") of a command's flags,
viper.GetDuration("retry.delay")) is a setting: fixed, no random part. An attempt given a new random number each round (seed, err =
convert(new(maphash.Hash).Sum64()), rejection sampling) draws a new
candidate: no retry. A failure told by its gRPC code (code :=
status.Code(err); code == codes.Unavailable) is a failure.

A wait helper of the program (a function, in any package, that waits for
its time.Duration parameter on a timer, time.After or time.Sleep and at most
returns the context's error: if err := sleep(ctx, d); err != nil { return
err }, c.sleep(ctx, d)) is a wait: its duration argument is the delay,
unless the helper adds jitter to it itself; it may also return the
duration it slept (slept, continual := b.sleepWithBackoff(...)), and one
that computes its delay itself (doubling its last sleep up to a maximum)
is judged through its one wait, the report going to the loop's call of
it. A function that sleeps and then fails for a reason of its own (if
busy() { return errBusy }, simulated work) is an operation, not a wait
helper. A timer's Reset is a wait only when the package reads the timer's
channel: re-arming a watchdog made by time.AfterFunc blocks nobody.
Ranging over a retry iterator
of the program (for attempt := range c.retries(ctx, n, d): a function that
returns an iterator of attempt numbers and waits between yields) is a retry
loop whose wait is the iterator's, judged at the range the same way. A
ticker made before the loop
whose ticks the retry path receives waits for its period (also one a
function of the package makes and returns: newTicker(c) returning
time.NewTicker(c.PollDelay())), and so does a
loop that ranges over the ticker (for range tick.C, for range
time.Tick(d)) and leaves it when an attempt succeeds. A delay computed
by a function of the program is judged through it (another package's
through a Fact: random, capped, grows); a delay kept in a struct field or
package variable is judged by every value the package stores there (set
only to constants in constructors: a constant delay; a configuration field
the caller fills in is a fixed setting, and so is one parsed from
configuration text: time.ParseDuration, strconv.Atoi, whatever the text
comes from (a custom resource's field, a parameter); a helper that
returns a function the caller may set in a field when one is set, and a
setting otherwise, is judged by that default); a field set only by an exported setter
(c.SetRetryWaitTime(3 * time.Second) called by the constructor) holds
what the callers in sight pass, and a field grown only below a bound (if
b.cur >= b.max/b.mult { b.cur = b.max } else { b.cur *= b.mult }, as
cenkalti/backoff's ExponentialBackOff) is capped; a call through a
function kept in a field of the package (ra, err := c.retryAfter(resp))
is judged by the functions stored there, or passed to the setter that
stores it by the callers in sight; a parameter of an unexported
function that is only called takes what its callers pass; an exported
retry or poll helper that waits for its delay parameter as given (func
For(timeout, interval time.Duration, f func() (bool, error)) sleeping
time.Sleep(interval)) has no jitter whatever its callers in other packages
pass, and is reported at its wait, unless a caller in the package passes
a jittered delay or the helper adds the random part itself. An option
constructor of the program (func WithInitialBackoff(d time.Duration)
Option { return func(o *opts) { o.initialBackoff = d } }, or a struct
holding that literal: opt{func(c *cfg) { c.txnBackoff = d }}) stores its
parameter in the field: the field is judged like that helper's
parameter. A literal the program hands on rather than calls (an option
passed to retry.NewStandard(func(o *retry.StandardOptions) {...}), a
function stored in cfg.Retryer) reads what its maker stored in the
variables it captures, through any number of such literals. A method that
adds its random part only when a field of its receiver is set (a backoff
counter copied from jpillora/backoff: if b.Jitter > 0) adds none for a
receiver built in the calling function that never sets that field
(&backoff.Backoff{Max: 5 * time.Minute}). When the receiver is built
by a constructor of the package called with a zero for that field
(NewBackoff(base, max, 0) storing its third parameter in the field the
method tests), or held in a field every store of which is such a value,
the policy is reported once, at that constructor call, however many waits
use it; a max helper over durations
(timex.Max(retryAfter, b.Duration())) returns one of its arguments. A random value
computed and not used for the wait is no jitter. A delay variable that
a helper's operation captures and grows itself (backoff *= 2; if backoff
> max { backoff = max }) is judged by all its stores, as a loop's is.
Where a helper's own wait is fixed by its library without jitter and
cannot be changed (Terraform's RetryContext, not reported), the waits
its operation makes before it returns a RetryableError are the retry
delays, judged and reported like a loop's. A delay computed by an
interface method (b.Next(attempt)) is judged by the implementations of the
method when they are all in sight: the interface is an unexported one of
the package and no imported package has a type implementing it, or the
value is read from an unexported field whose every stored value is a type
of the package (&Client{b: fixed{d}}); it has jitter if any implementation
adds some, and grows without a cap only if every one does. A delay read
from a schedule (time.Sleep(c.schedule[attempt])) is judged by the
elements of the slices the schedule may hold: a literal in the function,
or every value stored in the field or variable; a loop that ranges over
such a schedule and waits for its element (for _, d := range backoffs {
if err = op(); err == nil { break }; time.Sleep(d) }; or plain numbers
of a unit, time.Sleep(time.Duration(ms) * time.Millisecond) over an
[5]int of milliseconds) is a retry loop
bounded by the schedule's length, judged the same way (a range over
endpoints or targets is a walk over a list, not a retry; a loop whose
every round hands its attempt the next target a method of the client
draws, endpoint := c.nextEndpoint(), or a method that moves the client to
the next server which the dialling method reads, or that consumes a list
of targets head first, u := urls[0]; urls = urls[1:], or that draws
the target from a function value made before the loop and points the
request at it, n, err := next(); req.URL.Host = n.Address (a selector's
next), is failover, whose
missing delay is not reported: RULES.md, "Vocabulary"). The delay the
server asks for (the Retry-After header, read by a call given its name,
and what parses it: strconv.Atoi, http.ParseTime, time.Until; or a
function of the program that returns it, through a Fact; a field of a
throttle error, an error type made only for a 429, as slack-go's
RateLimitedError.RetryAfter) is waited as given and not judged; where it merges with a fallback (wait :=
c.minWait; if ra := retryAfter(resp); ra > 0 { wait = ra }, or a helper
returning ra or its fallback parameter), the fallback is judged alone:
a constant fallback is a delay without jitter, reported at the wait with
no fix (jittering the whole wait would cut the server's delay short). A delay read
from a parameter of another function, or through an interface whose
implementations cannot be pinned down, is not judged (it may be jittered
where it is computed), nor is a wait that
runs only when the loop draws a random number (if rand.IntN(10) == 0 {
time.Sleep(d) }): whether it waits at all is random. A retry loop whose
retry path waits for nothing (no wait call, no channel receive, no call of a
function that waits) is reported at its for keyword as a hot retry loop,
except when retrying at once is the right thing: a loop that goes round
only on attempts that never reached the server (driver.ErrBadConn, as
database/sql's retry on a broken pooled connection, which takes a new one;
a refused dial), or only when the attempt lost a race that an immediate
retry resolves: a name that already exists (os.IsExist, fs.ErrExist,
EEXIST: a search for a free name), or an optimistic Redis transaction whose
watched key changed (redis.TxFailedErr). Waiting would not make any of
these succeed. Nor is a loop whose every retry passes a bound that allows
one (a token renewed after a 401 and the request sent once more,
retryCount < 1): a single immediate retry makes no storm. Nor is a loop that goes round
only on a 401 (every test that sends it round holds only when the
response's status is 401: if resp.StatusCode != http.StatusUnauthorized
{ return resp, nil }): it renews the credentials, a token or a DPoP
nonce, for the next attempt, and an immediate retry is the fix.

A poll is a retry loop too when its failed call goes round as well: a
loop that leaves when a test on the attempt's result says done (an
equality with a target that is not a zero value: a partition with the ID
looked for is listed, a job's state is "done", the count of topics found
is the count expected), and otherwise waits and runs the same call again,
also after the call failed (or with its error unread). A poll whose failed
call returns (or ends the test: require.NoError) waits only after a "not
done yet": RULES.md's status poll, not judged; a poll of in-memory state read by a
method with no error result (state := p.grabState()) is judged here only,
as it sends nothing for other analyzers to judge. A drain loop (if n
== 0 { return }), a batch loop (if n < size) and a poll that does not wait
are not judged.

A loop whose success goes round too (a consumer that receives again after
each batch, a worker that queries again after a pause, a membership loop
that rejoins at once after a generation ends) is no retry loop, but each
of its failure paths, from a failed attempt (under if err != nil, in the
cases of a switch after case err == nil, in the default case of a select
{ case <-ctx.Done(): return; default: }) round to the same call with the
same inputs, retries that call, and is judged on its own (RULES.md,
reconnect loops: the wait is a retry delay):

  - a failure path that waits for nothing (no wait call, no channel
    receive, no call of a function that waits) is a hot retry, reported at
    the for keyword ("retries at once"), with the exceptions above (an
    attempt that never reached the server, a lost race); the select in
    which the round receives the answer of an attempt it ran in a
    goroutine (case err := <-errs:, or its context) waits for that
    answer, not a delay;
  - a wait only failure paths take is judged as a retry delay (jitter,
    cap), whatever success waits elsewhere: a poll interval after an empty
    receive is not judged, and does not excuse the failure's delay;
  - a wait that success and failure paths take alike (time.Sleep(interval)
    at the end of the body, a ticker's tick) paces a schedule: the failure
    paths through it are never reported, unless the failure path chose its
    delay where only failures run (if err != nil { d = time.Minute } else
    { d = 24 * time.Hour }; time.After(d), or at the top of the next
    round: case <-time.After(wait): err := refresh(); if err != nil {
    wait = time.Second }): that is its retry delay, judged alone (a
    constant one is reported at the wait);
  - a wait before every attempt of the round, in an if that tests only
    what the loop does not change and goes round at once (if c.full() {
    time.Sleep(d); continue }), waits for room or readiness, not after a
    failure, and is not judged; the wait after the failure is.

The loops unboundedretry's Doc names (reconnect loops of an attempt that
never succeeds or that wait a delay doubled each round, daemons that
reconnect only while their connection is
missing, polls by a "not done yet" error, collision resolution, a cursor
computed before the attempt) are recognised here the same way: a
reconnect loop's wait is a retry delay (a daemon's ticker, reported at
the receive where the retry waits, <-tick.C, as every wait is), and a poll or a collision resolution is not
judged. A retry budget of one, counted up (retries < 1)
or down (retries := 1; retries > 0; retries--), or two attempts (for
range 2, for i := 0; i < 2; i++), makes no storm and is not
"retries at once". A reconnect loop's attempt may keep its failure to
itself (runOnce := func() { c, err := dial(); if err != nil { log(err);
return }; ... }, a function answering only booleans: stop, reset :=
s.streamOnce(ctx)): when every round waits a delay the loop doubles
(min(d*2, time.Minute)), on a timer made at the top of the round (tmr :=
time.NewTimer(d), received in a select) or by a literal that doubles the
delay it captures (t := backoff()), the loop reconnects after every end
and its timer is the retry delay, reported at the time.NewTimer. The same
call on a constant interval is a schedule. A shift by the attempt modulo
or masked by a constant (1 << (attempt % 7)), or math.Pow of such a
remainder (math.Pow(2, float64(attempt%reset)), the reset a parameter
its callers pass constants to), cannot exceed a constant: the delay has a cap, and
so does one that grows with a parameter only on a branch where that
parameter is below a constant (if attempt < 50 { return ... 5*attempt
... }; return 5 * time.Second). A delay that grows in a loop of at
most eight attempts, a constant count (for i := range 4 { ...; sleep(d);
d *= 2 }), cannot exceed 128 times its start either: it is reported for
its missing jitter only (RULES.md says "grows without a cap" only of a
delay that can exceed every constant).

A wait at the top of every round but the first (if attempt > 0, for the
loop's own counter) is a failure backoff too when every path round
follows a failure: a reconnect loop that goes round after a failed
connect, or after its endless inner read loop breaks on a failed read,
and resumes from the position the last attempt reached (offset, err =
read(conn, offset) feeds the attempt, it does not make it a new one).
A failure path retries nothing, and is not judged, when it leaves the
loop (return, break), when the attempt takes a new input each time round
(a job received from a channel before it, a cursor or token the failure
path moves, a result of an earlier call of the round), when it reads the
next item of a stream (stream.Recv(), dec.Decode(&v), conn.Read(b), a
function given a connection or reader: readEvent(conn); and kafka-go's
Reader.FetchMessage, which reads a buffer the reader's own goroutines
fill and retry: its error says the reader is closed or the context done)
or advances what it is called on (pager, err = pager.Next(ctx)), when it
blocks on a channel before going round (<-restart), and when the loop
does its work a number of times whatever the outcome (a counted header:
for i := 0; i < b.N; i++; a condition that moves an iterator: for
pb.Next(), for b.Loop(), for scanner.Scan()).

Library policies, reported where they are built:

  - cenkalti/backoff v4 to v7: RandomizationFactor = 0 or
    WithRandomizationFactor(0), NewConstantBackOff (no jitter), ZeroBackOff
    (no delay), an ExponentialBackOff literal whose RandomizationFactor is
    0 or left out (unless set afterwards); NewExponentialBackOff's default
    (jitter 0.5, cap 60s) is fine; from v5 on, the policy is the one given
    by WithBackOff;
  - avast/retry-go: DelayType(FixedDelay) or DelayType(BackOffDelay) alone
    (the default CombineDelay(BackOffDelay, RandomDelay) is fine), given to
    Do or in a list of options ([]retry.Option{...}) a function returns;
    v5's options are those its retrier is built with (retry.New(opts...)
    or NewWithData[T](opts...), then Do), and there MaxJitter(0) with
    RandomDelay in the delay type (the default) is no jitter too (v5's
    RandomDelay adds nothing when MaxJitter is 0);
  - sethvargo/go-retry: a backoff chain without WithJitter, WithJitterPercent
    or WithFullJitter, and an exponential or Fibonacci chain without
    WithCappedDuration; the Exponential, Fibonacci and Constant shortcuts;
  - k8s wait.Backoff literals with no Jitter, when Factor is above 1 or no
    Cap is set;
  - jpillora/backoff Backoff literals that leave Jitter at its default,
    false (a Jitter set from a variable is trusted);
  - grpc-go backoff.Config literals (a connection's reconnect backoff,
    grpc.ConnectParams) that leave Jitter out or set it to 0;
    backoff.DefaultConfig, with its 0.2, is jittered;
  - go-retryablehttp: a client built by NewClient() keeps DefaultBackoff
    (exponential, capped by RetryWaitMax, no jitter), reported at the
    NewClient call (inline too: retryablehttp.NewClient().StandardClient())
    unless the package sets that client's Backoff, switches its retries
    off (RetryMax 0, or a count from a setter's parameter, unless every
    call of the setter in the package gives a constant above zero; a count
    read from the program's configuration keeps them on) or hands the
    client to its caller, unless one of the package's own calls of the
    function that returns it keeps the default (client :=
    newRetrying(); client.Do(req)). A field is set
    on a client through the variable or struct field that holds it (c :=
    NewClient(); c.Backoff = ..., or s.rc.Backoff = ... where s.rc is given
    it); one set on a client whose holder is not seen (a parameter: func
    configure(c *retryablehttp.Client)) counts for every client of the
    package. Backoff = DefaultBackoff is reported where it is set (at the
    client literal, when a literal sets it: the client is built there), and so
    is a Backoff function of the program's own whose delay has no random
    part, or grows without a cap, judged like the AWS SDK's Backoff below
    (LinearJitterBackoff, and a function that returns what it computes,
    are fine);
  - go-grpc-middleware v2's retry interceptor: BackoffLinear (no jitter) and
    BackoffExponential (no jitter, no cap), reported wherever they are
    built, with a fix to the WithJitter variant; the interceptor's default
    (BackoffLinearWithJitter) and the WithJitter variants are fine. gRPC's
    own service-config retries are jittered (0.8 to 1.2) and capped by
    maxBackoff, and are never reported;
  - AWS SDK for Go v2: a Backoff of the program's own given to the standard
    retryer (retry.StandardOptions.Backoff = a value whose BackoffDelay
    method, or a function converted to retry.BackoffDelayerFunc, returns a
    delay with no random part, or one that grows without a cap), reported
    where Backoff is set, also for a type of another package (through its
    Fact: functions returning a time.Duration and an error get one too);
    the SDK's default (full jitter, capped at 20 s) and
    retry.NewExponentialJitterBackoff are fine, and a delayer we cannot
    follow (one reading another backoff through an interface) is trusted;
  - failsafe-go: a retry policy (retrypolicy.NewBuilder[R]()...Build(),
    NewWithDefaults) run by an executor (failsafe.With(rp).Get/Run...)
    with no WithDelay, WithBackoff, WithRandomDelay or WithDelayFunc
    retries at once (its default delay is zero, not a constant: checked
    against v0.9.8; failsafehttp.NewRetryPolicyBuilder waits only for
    Retry-After); a builder kept in a variable and configured statement by
    statement (b.WithDelay(d); p := b.Build()) is read as the chain; WithDelay or WithBackoff without WithJitter or
    WithJitterFactor has no jitter (WithBackoff is capped by its maximum);
  - buildkite/roko: a NewRetrier built without WithJitter or
    WithJitterRange (Jitter() then adds nothing), reported at NewRetrier;
  - watermill middleware.Retry literals that retry (MaxRetries not 0)
    with InitialInterval 0 (no delay: every interval stays 0) or without
    RandomizationFactor (no jitter); an unset MaxInterval is not a missing
    cap there (backoff v5 then keeps the interval at InitialInterval).

A function of the program that hands its policy or options parameter
straight to a library retry helper (func Retry(ctx, op, opts
...backoff.RetryOption) calling backoff.Retry(ctx, ..., opts...)) is a
wrapper of that helper: the policy given at a call of the wrapper is judged
there, as if the library helper were called.

A policy built and returned by a function of the program (func newBackoff()
backoff.BackOff, a method, a list of retry-go options), in this package or
another, is judged the same way and recorded as a Fact. When no caller can
add the jitter back (cenkalti/backoff, retry-go, wait.Backoff), it is
reported where it is built, once, whoever uses it. A bare go-retry backoff
can still be wrapped by its caller: a retry helper that gets it from a call
of that function, as built, is reported at the helper call, naming the
function (a chain that adds jitter or a cap around it is left alone). A
policy read from a struct field or a package variable (backoff.Retry(op,
c.backoff), backoff.WithBackOff(c.b), retry.Do(op, c.opts...),
retry.Do(op, defaultOpts...), failsafe.With(rp) kept in a field) is judged
by what the package stores in it, together with what the call adds around
it, when every stored value can be seen, and reported where it is built
(the option, constructor call or setting that lacks the jitter), once,
however many helpers read it. An exported package variable is reported
where it is built whether or not its package uses it, and the packages
that read it, told by a Fact, are not. Only where the builder cannot be
seen (a variable of another package whose family a caller can still wrap,
a go-retry constructor) is the report at the helper call, naming the
field or variable; a stored policy that its constructor's package already
reports where it is built is not reported again. Options spread from a function's result
(retry.Do(op, retryOpts()...)) are judged like any policy it returns.

A retry helper of the program that waits between attempts for its duration
parameter as given (func WithRetries(n int, sleep time.Duration, f func()
error) sleeping time.Sleep(sleep)), or hands its own parameter on to one
that does, waits for nothing when a caller passes 0: that call, in any
package (through a Fact), is reported as retrying at once. A helper that
replaces a zero delay (if sleep <= 0 { sleep = time.Second }) is not.

A function that, after its operation failed, waits and calls itself with
the same receiver and arguments (an attempt counter and a delay may
change) is a recursive retry: its wait is judged like a retry loop's.

A loop whose every attempt accepts a connection on a net listener (net/http's
accept loop, sleeping a doubling delay after a temporary Accept error) is not
judged for jitter or cap: Accept asks the process's own socket, which no
crowd of clients shares; one that goes round at once is still reported.

Sleeps outside retry sites (tickers, rate limiters, polling on the success
path) are never reported. Suggested fixes add jitter where it is mechanical.`
