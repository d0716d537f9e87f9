package main

import "strings"

// hazard names one kind of finding of an analyzer, for SARIF's rules: code
// scanning groups and filters findings by rule.
type hazard struct {
	analyzer string
	id       string
	prefix   string // the messages of this hazard start so
	summary  string
}

// hazards are the kinds of finding of each analyzer. A message that
// matches none falls in its analyzer's rule (the test on the end-to-end
// module checks that none does).
var hazards = []hazard{
	{"retrynonidempotent", "unkeyed", " request is retried without", "a non-idempotent request retried without an idempotency key"},
	{"retrynonidempotent", "unkeyed", " request is sent through", "a non-idempotent request sent through a helper that retries it without a key"},
	{"retrynonidempotent", "key-per-attempt", "key is generated on every attempt", "an idempotency key made anew on every attempt"},
	{"retrynonidempotent", "redelivered", " is sent again each time the ", "a non-idempotent request in a job or message handler that its framework runs again, without an idempotency key"},
	{"retrynonidempotent", "key-per-attempt", " is generated anew each time ", "an idempotency key made anew on every attempt"},
	{"selectinsert", "check-then-insert", "insert into ", "an insert decided by a read that no constraint backs"},
	{"selectinsert", "first-or-create", "FirstOrCreate is", "GORM FirstOrCreate with no constraint behind it"},
	{"nojitter", "no-cap", "retry delay grows without a cap", "a retry delay that grows without a cap"},
	{"nojitter", "no-jitter", "retry delay has no jitter", "a retry delay without jitter"},
	{"nojitter", "no-delay", "retry loop retries at once", "a retry loop that waits for nothing"},
	{"nojitter", "no-delay", "retries at once", "a retry loop that waits for nothing"},
	{"nojitter", "no-cap", "grows without a cap", "a retry delay that grows without a cap"},
	{"nojitter", "no-jitter", "", "a backoff policy without jitter"},
	{"unboundedretry", "loop", "retry loop can run forever", "a retry loop with no limit, deadline or context"},
	{"unboundedretry", "loop", "recursive retry can run forever", "a retry loop with no limit, deadline or context"},
	{"unboundedretry", "policy", "", "a retry policy with no limit"},
	{"redislock", "no-expiry", "lock key is set with NX and no expiry", "a lock without a TTL"},
	{"redislock", "ignored-result", "the result of SET NX is ignored", "a SET NX whose result is ignored"},
	{"redislock", "unsafe-unlock", "lock is released with a plain DEL", "an unlock that does not check the owner"},
	{"redislock", "marker", "SET NX marker is not atomic", "a SET NX marker not atomic with its work"},
	{"redislock", "check-then-set", "GET then SET", "a check-then-set of a Redis key"},
	{"redislock", "unsafe-extend", "lock is extended with an EXPIRE", "a lock extended after a separate owner check"},
	{"retryamplify", "nested", "retry inside a retry", "a retry nested in a retry"},
	{"retryamplify", "redelivered", "every run repeats this retry", "a retry inside a job or message handler that its framework retries too"},
	{"retrybody", "request-body", "request body is read", "a request body drained by the first attempt"},
	{"retrybody", "response-body", "response body is not closed", "a response body left open by a failed attempt"},
	{"retryclienterror", "client-error", "retry on any non-success status", "retries of 4xx responses"},
	{"retryclienterror", "retry-after", "retry on 429 or 503 ignores", "a 429/503 retry that ignores Retry-After"},
	{directiveAnalyzer, "stale-directive", "idemlint:ignore directive for", "an ignore directive that silences nothing"},
	{directiveAnalyzer, "directive-without-reason", "idemlint:ignore directive gives no reason", "an ignore directive without a reason"},
}

// hazardOf returns the hazard of a finding: the first of its analyzer's
// whose prefix the message contains (at its start, or after the method
// for retrynonidempotent's "POST request ..."), or false.
func hazardOf(analyzer, message string) (hazard, bool) {
	for _, h := range hazards {
		if h.analyzer == analyzer && strings.Contains(message, h.prefix) {
			return h, true
		}
	}
	return hazard{}, false
}

// ruleID names a finding's SARIF rule: "analyzer/hazard", or the analyzer
// alone for a message that matches none of its hazards.
func ruleID(analyzer, message string) string {
	if h, ok := hazardOf(analyzer, message); ok {
		return analyzer + "/" + h.id
	}
	return analyzer
}

// tag is what a text report ends with, to say which check made it (as
// staticcheck prints its check IDs): the rule ID where the analyzer has
// several hazards, else the analyzer's name, which is also what
// //idemlint:ignore and -NAME=false take.
func tag(analyzer, message string) string {
	if len(hazardIDs(analyzer)) < 2 {
		return analyzer
	}
	return ruleID(analyzer, message)
}

// hazardIDs lists an analyzer's hazard IDs, once each, in table order.
func hazardIDs(analyzer string) []string {
	var ids []string
	seen := map[string]bool{}
	for _, h := range hazards {
		if h.analyzer == analyzer && !seen[h.id] {
			seen[h.id] = true
			ids = append(ids, h.id)
		}
	}
	return ids
}

// fixes says, for each rule, what to change in the code; -explain prints
// it beside the analyzer's Doc (the messages carry it too, worded for the
// case at hand).
var fixes = map[string]string{
	"retrynonidempotent/unkeyed":                    "send one idempotency key per operation, made outside the retry, where the API takes one; otherwise retry only failures that prove the request was not processed (a refused connection, a 429), or have the receiver deduplicate",
	"retrynonidempotent/key-per-attempt":            "generate the key once per operation, before the retry starts",
	"selectinsert/check-then-insert":                "add a UNIQUE constraint and use INSERT ... ON CONFLICT, or handle the unique violation",
	"selectinsert/first-or-create":                  "back its conditions with a unique index (gorm:\"uniqueIndex\") or use Clauses(clause.OnConflict{DoNothing: true}).Create",
	"nojitter/no-cap":                               "limit the delay with min(d, maxDelay), or the library's cap option, then add jitter",
	"nojitter/no-jitter":                            "add a random part to each delay, e.g. d/2 + rand.N(d/2), or use the library's jitter option",
	"nojitter/no-delay":                             "wait with capped, jittered exponential backoff before the next attempt",
	"unboundedretry/loop":                           "allow at most a few attempts and stop when the caller's context is done",
	"unboundedretry/policy":                         "give the policy a limit (a maximum of attempts or of elapsed time) or the caller's context",
	"redislock/no-expiry":                           "give the lock a TTL: SET key token NX PX ms",
	"redislock/ignored-result":                      "check SET NX's boolean and skip the work when the key was taken",
	"redislock/unsafe-unlock":                       "release the lock with a compare-and-delete Lua script (if GET == token then DEL)",
	"redislock/marker":                              "back the work with a database unique constraint, or make it atomic in one script",
	"redislock/check-then-set":                      "use SET NX to test and set in one step",
	"retryamplify/nested":                           "retry at one layer only",
	"retryamplify/redelivered":                      "let the framework's redelivery be the only retry, or make the handler's own retry short",
	"retrynonidempotent/redelivered":                "derive the idempotency key from the task, job or message ID and send it on every run",
	"redislock/unsafe-extend":                       "extend the lock with a compare-and-expire Lua script (if GET == token then PEXPIRE)",
	"retrybody/request-body":                        "build the request and its body inside the retry, or reset req.Body from req.GetBody",
	"retrybody/response-body":                       "close resp.Body before the next attempt",
	"retryclienterror/client-error":                 "retry only 5xx, 408 and 429",
	"retryclienterror/retry-after":                  "wait at least as long as the Retry-After header says",
	directiveAnalyzer + "/stale-directive":          "remove the directive",
	directiveAnalyzer + "/directive-without-reason": "write why after the analyzer's name",
}
