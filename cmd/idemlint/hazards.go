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
	{"unboundedretry", "policy", "", "a retry policy with no limit"},
	{"redislock", "no-expiry", "lock key is set with NX and no expiry", "a lock without a TTL"},
	{"redislock", "ignored-result", "the result of SET NX is ignored", "a SET NX whose result is ignored"},
	{"redislock", "unsafe-unlock", "lock is released with a plain DEL", "an unlock that does not check the owner"},
	{"redislock", "marker", "SET NX marker is not atomic", "a SET NX marker not atomic with its work"},
	{"redislock", "check-then-set", "GET then SET", "a check-then-set of a Redis key"},
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
