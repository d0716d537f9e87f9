package main_test

import (
	"encoding/json"
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

// The end-to-end fixture module imports the real libraries at pinned
// versions; its expected reports are in expected.txt beside it.
const e2e = "testdata/e2e"

// relatedColumn matches the column of a related line ("file:17:18: \t").
var relatedColumn = regexp.MustCompile(`:\d+: \t`)

// entries splits a report listing into reports, each with its related
// lines ("posn: \tmessage"), sorted: go vet prints them package by package,
// in no fixed order across packages. A related position in another package
// comes from export data under go vet, which keeps lines but not columns,
// so related columns are not compared.
func entries(out string) []string {
	var all []string
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.Contains(line, ": \t") && len(all) > 0:
			all[len(all)-1] += "\n" + relatedColumn.ReplaceAllString(line, ": \t")
		default:
			all = append(all, line)
		}
	}
	sort.Strings(all)
	return all
}

// checkTag matches the check a standalone text report ends with
// ("  (nojitter/no-cap)"); go vet prints reports without it.
var checkTag = regexp.MustCompile(`(?m)^([^\t\n]*) \(([a-z]+(/[a-z-]+)?)\)$`)

// untagged drops the check names from a standalone text listing.
func untagged(out string) string { return checkTag.ReplaceAllString(out, "$1") }

func expected(t *testing.T, module string) string {
	data, err := os.ReadFile(filepath.Join(analysistest.Root(), module, "expected.txt"))
	require.NoError(t, err)
	return string(data)
}

func TestStandalone(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, analysistest.Binary(t), "./...")
	assert.Equal(t, expected(t, e2e), r.Stdout)
	assert.Empty(t, r.Stderr)
	assert.Equal(t, 1, r.Code)
}

func TestVetToolAgreesWithStandalone(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, "go", "vet", "-vettool="+analysistest.Binary(t), "./...")
	assert.Equal(t, 1, r.Code, r.Stderr)
	assert.Equal(t, entries(untagged(expected(t, e2e))), entries(r.Stderr))
	assert.NotRegexp(t, checkTag, r.Stderr, "go vet's format is go vet's")
}

func TestVetToolPassesAnalyzerFlags(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, "go", "vet", "-vettool="+analysistest.Binary(t), "-nojitter", "./backoffs")
	assert.Contains(t, r.Stderr, "retry loop retries at once")
	assert.NotContains(t, r.Stderr, "can run forever")
}

func TestJSON(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, analysistest.Binary(t), "-json", "./...")
	require.Equal(t, 0, r.Code, r.Stderr)
	var tree map[string]map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(r.Stdout), &tree))
	n := 0
	for _, byAnalyzer := range tree {
		for _, raw := range byAnalyzer {
			var diags []struct {
				Posn    string `json:"posn"`
				Message string `json:"message"`
			}
			if json.Unmarshal(raw, &diags) == nil {
				for _, d := range diags {
					assert.NotEmpty(t, d.Posn)
					assert.NotEmpty(t, d.Message)
				}
				n += len(diags)
			}
		}
	}
	assert.Equal(t, len(entries(expected(t, e2e))), n)
}

// TestDemo checks the README's demo: every analyzer reports something.
func TestDemo(t *testing.T) {
	r := analysistest.Exec(t, "testdata/demo", nil, analysistest.Binary(t), "./...")
	require.Equal(t, 1, r.Code, r.Stderr)
	// Each report names the analyzer that made it.
	reported := map[string]bool{}
	for _, m := range checkTag.FindAllStringSubmatch(r.Stdout, -1) {
		analyzer, _, _ := strings.Cut(m[2], "/")
		reported[analyzer] = true
	}
	for _, name := range []string{"retrynonidempotent", "selectinsert", "nojitter", "unboundedretry", "redislock", "retryamplify", "retrybody", "retryclienterror"} {
		assert.True(t, reported[name], "%s reports nothing on the demo", name)
	}

	// The README's example reports are the demo's, check names included.
	readme, err := os.ReadFile(filepath.Join(analysistest.Root(), "README.md"))
	require.NoError(t, err)
	examples := regexp.MustCompile(`(?m)^demo\.go:\d+:\d+: .* \([a-z]+(/[a-z-]+)?\)$`).FindAllString(string(readme), -1)
	require.NotEmpty(t, examples)
	for _, line := range examples {
		assert.Contains(t, r.Stdout, line+"\n")
	}
}

func TestSwitchingAnalyzers(t *testing.T) {
	bin := analysistest.Binary(t)
	off := analysistest.Exec(t, e2e, nil, bin, "-nojitter=false", "./...")
	assert.NotContains(t, off.Stdout, "jitter")
	assert.Contains(t, off.Stdout, "can run forever")
	only := analysistest.Exec(t, e2e, nil, bin, "-redislock", "./...")
	for _, line := range entries(only.Stdout) {
		assert.Contains(t, line, "(redislock/", "only redislock reports")
	}
	methods := analysistest.Exec(t, e2e, nil, bin, "-retrynonidempotent.methods=PATCH", "-retrynonidempotent", "./...")
	assert.Equal(t, 0, methods.Code, methods.Stdout)
}

func TestDeterministic(t *testing.T) {
	bin := analysistest.Binary(t)
	first := analysistest.Exec(t, e2e, nil, bin, "./...")
	again := analysistest.Exec(t, e2e, []string{"GOMAXPROCS=1"}, bin, "./...")
	assert.Equal(t, first.Stdout, again.Stdout)
}

func TestBadInput(t *testing.T) {
	bin := analysistest.Binary(t)
	for _, tt := range []struct {
		name  string
		dir   string
		args  []string
		code  int
		error string
		env   []string
	}{
		{"unknown flag", e2e, []string{"-nosuch", "./..."}, 2, "idemlint: flag provided but not defined: -nosuch", nil},
		{"bad bool", e2e, []string{"-nojitter=maybe", "./..."}, 2, `idemlint: invalid boolean value "maybe" for -nojitter`, nil},
		{"bad method", e2e, []string{"-retrynonidempotent.methods=PO/ST", "./..."}, 2, `"PO/ST" is not an HTTP token`, nil},
		{"empty list", e2e, []string{"-retrynonidempotent.headers=,", "./..."}, 2, "empty list", nil},
		{"unknown check", e2e, []string{"-explain", "nojitter/nosuch"}, 2, "idemlint: -explain nojitter/nosuch: no analyzer or hazard of that name", nil},
		{"no match", e2e, []string{"./nosuchdir/..."}, 2, "idemlint: ./nosuchdir/... matched no packages", nil},
		{"all off", e2e, []string{"-nojitter=false", "-selectinsert=false", "-unboundedretry=false", "-redislock=false", "-retryamplify=false", "-retrybody=false", "-retryclienterror=false", "-retrynonidempotent=false"}, 2, "every analyzer is switched off", nil},
		{"type error", "testdata/broken", []string{"./..."}, 3, "bad/bad.go:5:9: cannot use", nil},
		{"newer go", "testdata/newergo", []string{"./..."}, 2, "idemlint: go: go.mod requires go >= 1.99", []string{"GOTOOLCHAIN=local"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := analysistest.Exec(t, tt.dir, tt.env, bin, tt.args...)
			assert.NotContains(t, r.Stderr, "exit status", "the go command's own words, not go/packages' wrapping")
			assert.Equal(t, tt.code, r.Code)
			lines := strings.Split(strings.TrimSpace(r.Stderr), "\n")
			assert.Len(t, lines, 1, r.Stderr)
			assert.Contains(t, r.Stderr, tt.error)
			assert.NotContains(t, r.Stderr, "goroutine", "no stack trace")
		})
	}
	// The package that type-checks is still analyzed.
	r := analysistest.Exec(t, "testdata/broken", nil, bin, "./...")
	assert.Contains(t, r.Stdout, "good/good.go:7:2: retry loop can run forever")
}
