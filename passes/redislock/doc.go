// Package redislock defines an Analyzer that reports Redis locks and
// idempotency markers that are not atomic.
package redislock

// Doc is the analyzer's documentation.
const Doc = `report Redis locks and idempotency markers that are not atomic

A Redis SETNX does not make the work after it happen once: if the holder
dies, or the lock's TTL runs out, before the work is done and recorded, the
next caller takes the key and repeats the work. Reported, for go-redis v9,
go-redis v8, redigo, and rueidis both through its command builder
(client.Do(ctx, client.B().Set().Key(k).Value(v).Nx().Px(ttl).Build()),
B().Setnx(), B().Del(), B().Get(), B().Exists(), a command built into a
local variable first) and through its go-redis-like rueidiscompat adapter:

  - SETNX-then-work-then-SET: a SetNX (SetArgs with Mode "NX", or SET ... NX
    through Do) whose key is written again with a plain SET after work was
    done (a "DONE" marker), as the only guard against repeating the work.
    Reported at the SetNX. Not reported when the same function also backs
    the work with a database constraint (an insert with ON CONFLICT, or a
    unique-violation check).
  - no expiry: SetNX with a zero (or KeepTTL) expiration, SetArgs NX with
    no TTL or ExpireAt, SET ... NX with no EX/PX/EXAT/PXAT, and SETNX through
    Do: a holder that crashes keeps the key forever. Reported at the call.
    The NX and the SET may be in helpers of the package that the function
    calls (mine, err := d.begin(ctx, id); work; d.finish(ctx, id)).
  - unsafe unlock: a plain Del (or DEL through Do) of a key taken with NX
    in the same function, or in another function of the package (a lock
    struct's TryLock and Unlock methods), or of a struct field used as an NX
    key elsewhere in the package, with no owner-token comparison. Reported
    at the Del; the fix is a compare-and-delete Lua script (Eval,
    Script.Run). A generic wrapper that takes the key from its caller
    (Acquire(ctx, key, owner) returning SetNX's result, Release(ctx, key)
    doing a plain DEL) names no lock of its own: when a function, in the
    same package or another (a Fact on the wrappers), calls the NX wrapper
    and then the DEL wrapper, or a plain Del of its own, with the same key
    (l.TryLock(ctx, lockKey(id)) then rdb.Del(ctx, lockKey(id))), the DEL
    is an unsafe unlock, reported at the DEL (at the wrapper call when the
    wrapper is in another package); the wrappers may be called through an interface
    whose one implementation is in the interface's package (a Locker with
    one redisLocker). A DEL run only when a GET of the same key returned
    the owner's token is reported too (two commands: the lock can pass to
    another holder in between), when the key is a lock's (taken with NX in
    the package, a lock field, or a parameter of a package whose lock
    wrappers take parameters); GET, compare, DEL of a one-time code is not.
  - unsafe extend: an Expire/PExpire (or EXPIRE/PEXPIRE through Do) run
    only when a GET of the same key returned the owner's token: the lock
    can expire and pass to another holder between the two, and the EXPIRE
    then extends that holder's lock. Reported at the EXPIRE; the fix is a
    compare-and-expire Lua script.
  - ignored result: a SetNX whose boolean is discarded or of which only
    Err() is read (go-redis returns a nil error when the key was taken), and
    a redigo SET NX/SETNX whose reply is discarded with no redis.ErrNil check.
    With rueidis' builder, a SET ... NX replies nil when the key was taken,
    which Error(), ToString() and AsBool() return as a Redis nil error
    (rueidis.IsRedisNil), so reading any of them checks the outcome and only
    a discarded result is reported; the legacy B().Setnx() replies 0 with a
    nil error, so reading only its Error() is reported too.
  - check-then-set: a Get or Exists of a key whose result decides a plain
    Set of the same key to a constant (a marker or lock value), including
    Get(...).Val(), Exists(...).Val() and a redis.Nil test of Result()'s
    error. Reported at the Set; SET NX tests and sets in one step. A Set of
    computed data (a cache entry) is not reported: a racing cache fill is
    harmless. The read and the set may each be a helper of any package
    that sends one command on a key built from its parameters
    (Handled(ctx, id) doing GET "events:"+id, MarkHandled(ctx, id) doing
    SET of the same key; a Fact carries the key's recipe): when what the
    read helper found (not only its error) decides the set helper's call
    with the same arguments, and work hangs on the check (between the two
    or after the set), the call is reported. Likewise a claim helper
    of another package (SET NX, result returned) followed by work and the
    set helper on the same key is a marker, reported at the claim's call.

A SET NX whose result is dropped and after which its function does no work
(or that is in a test, or in a helper that takes a testing.TB, *testing.T
or *testing.B, as internal/testutil packages do) seeds state or sets a flag,
and is not reported as a lock (no expiry, ignored result, a DEL of it),
unless another function of the package
takes the same key as a lock: a seed helper writing counters' first values,
a test fixture, a Pause() writing a "paused" flag that Resume() deletes.
A SET NX with no expiry whose result is checked (Pause: an error when the
queue is paused already), with no work after it in its function, sets a
state flag too when another function of the package hands its key to a
script among other keys (a dequeue script that consults the flag with the
queue's lists): it is not reported as a lock without expiry, and the DEL
that clears it (Unpause) unlocks nothing. A lock's key reaches a script
alone, to be released or renewed by its owner.

A SET NX with no expiry whose result only chooses what the function
returns, the value it wrote or a GET of the same key (created, err :=
SetNX(ctx, k, v, 0).Result(); if created { return v }; return Get(ctx, k)),
with no work after it in its function and no DEL of the key in the package
(in the function, for a key that is a bare parameter), is a create-once
store: the first writer wins, every caller gets the value that won, and
the value is meant to stay. It has no holder that can crash, so it is not
a lock without expiry. An NX with no expiry that guards work (a loser that
returns the holder's value while the winner works), or whose key is
deleted, is judged as a lock.

"Same key" is decided on values: the same variable or field, or equal
constants, or fmt.Sprintf/concatenations of equal parts. Across functions,
keys compare by how they are built: "lock:"+key in TryLock(ctx, key) and in
Unlock(ctx, key), lockKey(id) on both sides, a helper's parameter standing
for the caller's argument. Lock libraries (bsm/redislock, redsync,
rueidislock) are the safe form and are never reported; a release through a
Lua script (rueidis.NewLuaScript(...).Exec, B().Eval()) is not a plain DEL.`
