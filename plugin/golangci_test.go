package plugin_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
)

// TestGolangciLint builds golangci-lint v2.15.0 with this module plugin
// (testdata/golangci, the binary `golangci-lint custom` would make) and
// runs it on the end-to-end fixture module. The cold build takes a few
// minutes and about 1 GB, so it runs only when IDEMLINT_GOLANGCI=1, as CI
// sets it, once per run.
func TestGolangciLint(t *testing.T) {
	if os.Getenv("IDEMLINT_GOLANGCI") != "1" {
		t.Skip("set IDEMLINT_GOLANGCI=1 to build golangci-lint with the plugin and run it")
	}
	bin := filepath.Join(t.TempDir(), "custom-gcl")
	build := analysistest.Exec(t, "testdata/golangci", nil, "go", "build", "-o", bin, ".")
	require.Equal(t, 0, build.Code, build.Stderr)
	cache := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}

	run := func(t *testing.T, args ...string) ([]string, analysistest.Result) {
		r := analysistest.Exec(t, "testdata/e2e", cache, bin, append([]string{"run", "--output.json.path", "stdout"}, args...)...)
		var out struct {
			Issues []struct {
				FromLinter string
				Text       string
				Pos        struct {
					Filename     string
					Line, Column int
				}
			}
		}
		// The JSON comes first; golangci-lint's text summary follows it.
		require.NoError(t, json.NewDecoder(strings.NewReader(r.Stdout)).Decode(&out), r.Stderr)
		var lines []string
		for _, is := range out.Issues {
			assert.Equal(t, "idemlint", is.FromLinter)
			_, msg, _ := strings.Cut(is.Text, ": ") // "<analyzer>: message"
			lines = append(lines, fmt.Sprintf("%s:%d:%d: %s", is.Pos.Filename, is.Pos.Line, is.Pos.Column, msg))
		}
		sort.Strings(lines)
		return lines, r
	}

	t.Run("same reports as standalone, but nolint", func(t *testing.T) {
		got, r := run(t, "./...")
		assert.Equal(t, 1, r.Code, r.Stderr)
		data, err := os.ReadFile(filepath.Join(analysistest.Root(), "testdata/e2e/expected.txt"))
		require.NoError(t, err)
		var want []string
		related := map[string]int{} // a related message may stand under several reports
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if _, msg, ok := strings.Cut(line, ": \t"); ok {
				related[msg]++
			} else if !strings.HasPrefix(line, "nolint/") {
				want = append(want, checkTag.ReplaceAllString(line, "$1"))
			}
		}
		sort.Strings(want)
		// golangci-lint turns each related position into an issue of its
		// own: check they are there, then compare the reports.
		var reports []string
		for _, line := range got {
			if _, msg, _ := strings.Cut(line, ": "); related[msg] > 0 {
				if related[msg]--; related[msg] == 0 {
					delete(related, msg)
				}
				continue
			}
			reports = append(reports, line)
		}
		assert.Empty(t, related, "related information missing from golangci-lint's output")
		assert.Equal(t, want, reports)
		assert.True(t, strings.Contains(string(data), "nolint/nolint.go"), "standalone reports the line golangci-lint silences")
	})

	t.Run("a setting switches an analyzer off", func(t *testing.T) {
		got, _ := run(t, "-c", config(t, "disable: [nojitter]"), "./...")
		require.NotEmpty(t, got)
		for _, line := range got {
			assert.NotContains(t, line, "jitter")
		}
	})

	t.Run("a bad setting is an error", func(t *testing.T) {
		r := analysistest.Exec(t, "testdata/e2e", cache, bin, "run", "-c", config(t, "methodz: [POST]"), "./...")
		assert.Equal(t, 3, r.Code)
		assert.Contains(t, r.Stdout+r.Stderr, `unknown field "methodz"`)
	})
}

// checkTag matches the check a standalone text report ends with
// (" (nojitter/no-cap)"); golangci-lint names its linter its own way.
var checkTag = regexp.MustCompile(`^([^\t]*) \([a-z]+(/[a-z-]+)?\)$`)

// config writes a .golangci.yml enabling idemlint with one setting line.
func config(t *testing.T, setting string) string {
	path := filepath.Join(t.TempDir(), "golangci.yml")
	require.NoError(t, os.WriteFile(path, []byte(`version: "2"
linters:
  default: none
  enable: [idemlint]
  settings:
    custom:
      idemlint:
        type: module
        settings:
          `+setting+`
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`), 0o644))
	return path
}
