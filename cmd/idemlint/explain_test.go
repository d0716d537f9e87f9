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

// -help says how to read a report's check and how to explain it.
func TestHelp(t *testing.T) {
	var stdout, stderr strings.Builder
	assert.Equal(t, exitClean, standalone([]string{"-help"}, &stdout, &stderr))
	help := stderr.String()
	assert.Contains(t, help, "idemlint -explain CHECK")
	assert.Contains(t, help, "(nojitter/no-jitter)")
	assert.Contains(t, help, "//idemlint:ignore ANALYZER REASON")
	assert.Contains(t, help, "\n  -explain check\n")
	for _, a := range passes.All() {
		assert.Contains(t, help, "\n  "+a.Name+" ")
	}
}

// -explain runs without loading a package, and prints to stdout.
func TestExplainFlag(t *testing.T) {
	var stdout, stderr strings.Builder
	assert.Equal(t, exitClean, standalone([]string{"-explain", "redislock/unsafe-unlock", "./nosuchdir/..."}, &stdout, &stderr))
	assert.Empty(t, stderr.String())
	assert.Contains(t, stdout.String(), "Fix: release the lock with a compare-and-delete Lua script")

	stdout.Reset()
	assert.Equal(t, exitUsage, standalone([]string{"-explain", "nosuch"}, &stdout, &stderr))
	assert.Empty(t, stdout.String())
	assert.Equal(t, "idemlint: -explain nosuch: no analyzer or hazard of that name (run 'idemlint -help' for the analyzers)\n", stderr.String())
}
