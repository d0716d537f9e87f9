package passes_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemlint/idemlint/passes"
	"github.com/idemlint/idemlint/passes/unboundedretry"
)

const silenced = `package p

func op() error { return nil }

func Forever() {
	//idemlint:ignore unboundedretry,nojitter the caller's process is short-lived
	for {
		if err := op(); err == nil {
			return
		}
	}
}
`

// Keeping silenced reports is a setting of one run's analyzers, not a
// switch of the process: in the same process, a run of the analyzers as
// they are (a host such as golangci-lint) still drops what the directive
// silences, before and after a run that keeps it.
func TestKeepingSuppressedIsPerRun(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/p\n\ngo 1.24\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(silenced), 0o644))
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, ".")
	require.NoError(t, err)

	categories := func(keep bool) []string {
		analyzers := passes.All()
		if keep {
			analyzers = passes.KeepingSuppressed(analyzers)
		}
		graph, err := checker.Analyze(analyzers, pkgs, nil)
		require.NoError(t, err)
		var got []string
		for _, act := range graph.Roots {
			for _, d := range act.Diagnostics {
				got = append(got, act.Analyzer.Name+":"+d.Category)
			}
		}
		return got
	}
	assert.Empty(t, categories(false))
	assert.Equal(t, []string{"nojitter:" + passes.SuppressedCategory, "unboundedretry:" + passes.SuppressedCategory}, categories(true))
	assert.Empty(t, categories(false), "the host's run is as before")

	copies := passes.KeepingSuppressed(passes.All())
	assert.Equal(t, unboundedretry.Analyzer.Name, copies[3].Name)
	assert.NotSame(t, unboundedretry.Analyzer, copies[3])
	assert.Len(t, unboundedretry.Analyzer.Requires, len(copies[3].Requires)-1, "the analyzer itself is unchanged")
	assert.False(t, slices.Contains(unboundedretry.Analyzer.Requires, copies[3].Requires[len(copies[3].Requires)-1]))
}
