package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each kind of message lands on its hazard's SARIF rule, including the
// messages about policies built elsewhere, which name the hazard after a
// function or field name.
func TestHazardOf(t *testing.T) {
	for _, c := range []struct{ analyzer, message, id string }{
		{"nojitter", "retry loop retries at once, with no delay between attempts; wait", "no-delay"},
		{"nojitter", "the policy from zero() retries at once (backoff.ZeroBackOff), with no delay between attempts; fix it where it is built", "no-delay"},
		{"nojitter", "the policy from newB() grows without a cap (retry.NewExponential); fix it where it is built", "no-cap"},
		{"nojitter", "the policy stored in field b has no jitter (a constant backoff), so clients that failed together retry together; fix it where it is stored", "no-jitter"},
		{"unboundedretry", "the policy stored in field b never stops (a constant backoff), so this retry can run forever; wrap it", "policy"},
		{"unboundedretry", "retry loop can run forever: nothing on its retry path limits the attempts", "loop"},
		{"selectinsert", "insert into appmigrations depends on the maximum the SELECT MAX at line 94 read", "check-then-insert"},
		{"redislock", "lock key is set with NX and no expiry, so a holder that crashes keeps it forever", "no-expiry"},
		{"retrynonidempotent", "POST request in an asynq task handler is sent again each time the task is retried (up to 26 runs) and carries no Idempotency-Key header; derive the key from the task ID", "redelivered"},
		{"retrynonidempotent", "Idempotency-Key is generated anew each time an asynq task handler runs, so the server cannot recognise the retried task", "key-per-attempt"},
		{"retryamplify", "retry inside a river worker, which river runs up to 25 times: every run repeats this retry, so 25 x 3 = 75 calls", "redelivered"},
		{"retryamplify", "retry inside a retry: every outer attempt runs the inner retry again, so 4 x 3 = 12 calls", "nested"},
	} {
		h, ok := hazardOf(c.analyzer, c.message)
		if assert.True(t, ok, c.message) {
			assert.Equal(t, c.id, h.id, c.message)
		}
	}
}

// A text report names its check: the hazard where the analyzer has
// several, the analyzer alone where it has one.
func TestTag(t *testing.T) {
	for _, c := range []struct{ analyzer, message, tag string }{
		{"nojitter", "retry delay grows without a cap and has no jitter; limit it", "nojitter/no-cap"},
		{"nojitter", "retry delay has no jitter, so clients retry together", "nojitter/no-jitter"},
		{"retryamplify", "retry inside a retry: every outer attempt runs the inner retry again", "retryamplify/nested"},
		{"retryclienterror", "retry on 429 or 503 ignores the Retry-After header the server sent", "retryclienterror/retry-after"},
		{"idemlint", "idemlint:ignore directive for nojitter silences nothing; remove it", "idemlint/stale-directive"},
		{"retrybody", "a message no hazard knows", "retrybody"},
	} {
		assert.Equal(t, c.tag, tag(c.analyzer, c.message), c.message)
	}
}

// Every rule says how to fix what it reports, for -explain.
func TestEveryHazardHasAFix(t *testing.T) {
	for _, h := range hazards {
		assert.NotEmpty(t, fixes[h.analyzer+"/"+h.id], "%s/%s", h.analyzer, h.id)
	}
	assert.Len(t, fixes, 24, "a fix for a rule that no longer exists")
}
