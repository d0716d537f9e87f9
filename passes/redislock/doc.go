// Package redislock defines an Analyzer that reports Redis locks and
// idempotency markers that are not atomic.
package redislock

// Doc is the analyzer's documentation.
const Doc = `report Redis locks and idempotency markers that are not atomic

A Redis SETNX does not make the work after it happen once: if the holder
dies, or the lock's TTL runs out, before the work is done and recorded, the
next caller takes the key and repeats the work. Reported, for go-redis v9,
go-redis v8, redigo and rueidis through its go-redis-like rueidiscompat
adapter:

  - SETNX-then-work-then-SET: a SetNX (SetArgs with Mode "NX", or SET ... NX
    through Do) whose key is written again with a plain SET after work was
    done (a "DONE" marker), as the only guard against repeating the work.
    Reported at the SetNX. Not reported when the same function also backs
    the work with a database constraint (an insert with ON CONFLICT, or a
    unique-violation check).
  - no expiry: SetNX with a zero (or KeepTTL) expiration, SetArgs NX with
    no TTL or ExpireAt, SET ... NX with no EX/PX/EXAT/PXAT, and SETNX through
    Do: a holder that crashes keeps the key forever. Reported at the call.
  - unsafe unlock: a plain Del (or DEL through Do) of a key taken with NX
    in the same function, or of a struct field used as an NX key elsewhere
    in the package, with no owner-token comparison. Reported at the Del;
    the fix is a compare-and-delete Lua script (Eval, Script.Run).
  - ignored result: a SetNX whose boolean is discarded or of which only
    Err() is read (go-redis returns a nil error when the key was taken), and
    a redigo SET NX/SETNX whose reply is discarded with no redis.ErrNil check.
  - check-then-set: a Get or Exists of a key whose result decides a plain
    Set of the same key to a constant (a marker or lock value). Reported at
    the Set; SET NX tests and sets in one step. A Set of computed data (a
    cache entry) is not reported: a racing cache fill is harmless.

"Same key" is decided on values: the same variable or field, or equal
constants, or fmt.Sprintf/concatenations of equal parts. Lock libraries
(bsm/redislock, redsync) are the safe form and are never reported.`
