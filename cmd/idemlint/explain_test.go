package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/passes"
)

// -explain prints an analyzer's Doc, its hazards with their fixes, its
// options, the three ways to silence it and its README section.
func TestExplainAnalyzer(t *testing.T) {
	for _, a := range passes.All() {
		var b strings.Builder
		require.NoError(t, explain(a.Name, &b))
		out := b.String()
		assert.True(t, strings.HasPrefix(out, a.Name+": "+strings.SplitN(a.Doc, "\n", 2)[0]+"\n"), out)
		_, body, _ := strings.Cut(a.Doc, "\n")
		assert.Contains(t, out, strings.TrimSpace(body))
		for _, id := range hazardIDs(a.Name) {
			assert.Contains(t, out, a.Name+"/"+id+": "+hazardSummary(a.Name, id)+"\n      fix: "+fixes[a.Name+"/"+id]+"\n")
		}
		assert.Contains(t, out, "//idemlint:ignore "+a.Name+" <reason>")
		assert.Contains(t, out, "idemlint -"+a.Name+"=false")
		assert.Contains(t, out, "disable: ["+a.Name+"]")
		assert.True(t, strings.HasSuffix(out, "More: "+a.URL+"\n"), out)
	}
	var b strings.Builder
	require.NoError(t, explain("retrynonidempotent", &b))
	assert.Contains(t, b.String(), `-retrynonidempotent.methods (default "POST,PATCH"): `)
}

// A hazard ID, as a text report or a SARIF rule names it, leads with the
// hazard and its fix, then documents its analyzer.
func TestExplainHazard(t *testing.T) {
	var b strings.Builder
	require.NoError(t, explain("nojitter/no-cap", &b))
	out := b.String()
	assert.True(t, strings.HasPrefix(out, "nojitter/no-cap: a retry delay that grows without a cap\n\nFix: limit the delay"), out)
	assert.Contains(t, out, "\nnojitter: report retry backoff without jitter")
	assert.Contains(t, out, "//idemlint:ignore nojitter <reason>")

	b.Reset()
	require.NoError(t, explain("idemlint/stale-directive", &b))
	assert.Contains(t, b.String(), "Fix: remove the directive.")
	assert.NotContains(t, b.String(), "//idemlint:ignore idemlint")
}

func TestExplainUnknown(t *testing.T) {
	for _, name := range []string{"nosuch", "nojitter/nosuch", "nosuch/no-cap", "NoJitter", ""} {
		var b strings.Builder
		err := explain(name, &b)
		if assert.Error(t, err, name) {
			assert.NotContains(t, err.Error(), "\n")
		}
		assert.Empty(t, b.String())
	}
}
