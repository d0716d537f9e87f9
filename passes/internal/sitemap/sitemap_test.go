package sitemap_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/internal/sitemap"
)

// TestRows checks what the map says of one site of each shape; the
// golden maps of the demo and the end-to-end module (cmd/idemlint) check
// it on real libraries, joined with the reports.
func TestRows(t *testing.T) {
	results := analysistest.Run(t, sitemap.Analyzer, "mapped")
	require.Len(t, results, 1)
	rows := map[string]sitemap.Site{}
	for _, s := range results[0].Result.([]sitemap.Site) {
		rows[s.Function] = s
	}

	counted := rows["Counted"]
	assert.Equal(t, "loop", counted.Kind)
	assert.Equal(t, sitemap.Attempts{Count: 3, Bound: "count", Text: "3", From: "attempt < 3", At: counted.Attempts.At}, counted.Attempts)
	assert.Equal(t, "constant 1s", counted.Wait.Delay)
	assert.Equal(t, "no", counted.Wait.Jitter)
	assert.Equal(t, "not read", counted.Wait.RetryAfter)
	require.Len(t, counted.Repeats, 1)
	assert.Equal(t, "POST https://pay.example.com/charges", counted.Repeats[0].What)
	assert.Equal(t, "not reported", counted.Repeats[0].Key, "retrynonidempotent's report, joined by the driver, makes it missing")

	forever := rows["Forever"]
	assert.Equal(t, "unbounded", forever.Attempts.Bound)
	assert.Equal(t, "computed: d", forever.Wait.Delay)
	assert.Equal(t, "yes", forever.Wait.Grows)
	assert.Equal(t, []sitemap.Op{{Kind: "call", What: "mapped.op", At: forever.Repeats[0].At}}, forever.Repeats)

	assert.Equal(t, "until ctx", rows["UntilCtx"].Attempts.Text)
	assert.Equal(t, "until stopped", rows["UntilStopped"].Attempts.Text, "a quit channel ends it")

	policy := rows["Policy"]
	assert.Equal(t, "cenkalti/backoff/v4.Retry", policy.Kind)
	assert.Equal(t, "library", policy.Category)
	assert.Equal(t, 5, policy.Attempts.Count, "WithMaxRetries(b, 4): the first attempt and four retries")
	assert.Equal(t, "policy: backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 4)", policy.Wait.Delay)

	// Nested: the helper's call is a site whose attempts are the helper's,
	// and the function it retries retries too.
	var helper sitemap.Site
	for _, s := range results[0].Result.([]sitemap.Site) {
		if s.Category == "helper" {
			helper = s
		}
	}
	assert.Equal(t, "helper mapped.withRetry", helper.Kind)
	assert.Equal(t, 5, helper.Attempts.Count)
	require.Len(t, helper.Nested, 1)
	assert.Equal(t, 3, helper.Nested[0].Attempts)
	assert.Contains(t, helper.Nested[0].Via, "mapped.Counted")
}
