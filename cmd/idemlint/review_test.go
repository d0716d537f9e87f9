package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
)

// module writes a throwaway module (no dependencies) and returns its
// directory relative to the repository root, as Exec wants it.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/review\n\ngo 1.24\n"
	for name, text := range files {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	rel, err := filepath.Rel(analysistest.Root(), dir)
	require.NoError(t, err)
	return rel
}

const hotLoop = `package review

import "time"

func op() error { return nil }

// Retry waits a fixed second between attempts.
func Retry() error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}
`

func TestSARIF(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, analysistest.Binary(t), "-format=sarif", "./...")
	require.Equal(t, 0, r.Code, r.Stderr)
	golden := filepath.Join(analysistest.Root(), e2e, "expected.sarif")
	if os.Getenv("IDEMLINT_UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile(golden, []byte(r.Stdout), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), r.Stdout)

	validSARIF(t, r.Stdout)

	// The shape code scanning needs.
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID      string `json:"id"`
						HelpURI string `json:"helpUri"`
					}
				}
			}
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
				RelatedLocations []any
				Fixes            []any
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.Stdout), &log))
	assert.Equal(t, "2.1.0", log.Version)
	require.Len(t, log.Runs, 1)
	run := log.Runs[0]
	assert.Equal(t, "idemlint", run.Tool.Driver.Name)
	related, fixes := 0, 0
	for _, res := range run.Results {
		require.Less(t, res.RuleIndex, len(run.Tool.Driver.Rules))
		assert.Equal(t, res.RuleID, run.Tool.Driver.Rules[res.RuleIndex].ID)
		assert.Contains(t, res.RuleID, "/", "every finding has a hazard rule (cmd/idemlint/hazards.go)")
		require.Len(t, res.Locations, 1)
		assert.NotContains(t, res.Locations[0].PhysicalLocation.ArtifactLocation.URI, "/work/")
		assert.Positive(t, res.Locations[0].PhysicalLocation.Region.StartLine)
		related += len(res.RelatedLocations)
		fixes += len(res.Fixes)
	}
	assert.Positive(t, related)
	assert.Positive(t, fixes)
	for _, rule := range run.Tool.Driver.Rules {
		assert.Contains(t, rule.HelpURI, "#")
	}
}

func TestSuppressionsAndStaleDirectives(t *testing.T) {
	dir := module(t, map[string]string{"review.go": strings.Replace(hotLoop,
		"\t\ttime.Sleep(time.Second)\n",
		"\t\t//idemlint:ignore nojitter the one caller runs once a night\n\t\ttime.Sleep(time.Second)\n", 1) + `
//idemlint:ignore unboundedretry nothing here to silence
func Stale() {}

//idemlint:ignore nojitter
func NoReason() {}
`})
	bin := analysistest.Binary(t)
	r := analysistest.Exec(t, dir, nil, bin, "./...")
	assert.NotContains(t, r.Stdout, "retry delay has no jitter")
	assert.Contains(t, r.Stdout, "review.go:19:1: idemlint:ignore directive for unboundedretry silences nothing; remove it")
	assert.Contains(t, r.Stdout, "review.go:22:1: idemlint:ignore directive gives no reason")
	assert.Equal(t, 1, r.Code)

	sarif := analysistest.Exec(t, dir, nil, bin, "-sarif", "./...")
	validSARIF(t, sarif.Stdout)
	assert.Contains(t, sarif.Stdout, `"kind": "inSource"`)
	assert.Contains(t, sarif.Stdout, `"justification": "the one caller runs once a night"`)
}

func TestBaselineSurvivesLineShifts(t *testing.T) {
	dir := module(t, map[string]string{"review.go": hotLoop})
	bin := analysistest.Binary(t)
	base := filepath.Join(t.TempDir(), "baseline.json")
	first := analysistest.Exec(t, dir, nil, bin, "-write-baseline", base, "./...")
	assert.Contains(t, first.Stdout, "retry delay has no jitter")

	// Shift every line down, and add a new hazard.
	path := filepath.Join(analysistest.Root(), dir, "review.go")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	shifted := strings.Replace(string(src), "import \"time\"", "import \"time\"\n\n// A comment that moves everything down.\n", 1) + `
// Again has a hot retry loop.
func Again() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
	}
}
`
	require.NoError(t, os.WriteFile(path, []byte(shifted), 0o644))
	r := analysistest.Exec(t, dir, nil, bin, "-baseline", base, "./...")
	assert.NotContains(t, r.Stdout, "retry delay has no jitter", "the known finding is in the baseline")
	assert.Contains(t, r.Stdout, "retry loop retries at once", "the new finding is reported")
	assert.Equal(t, 1, r.Code)

	bad := analysistest.Exec(t, dir, nil, bin, "-baseline", filepath.Join(t.TempDir(), "missing.json"), "./...")
	assert.Equal(t, 2, bad.Code)
	assert.Len(t, strings.Split(strings.TrimSpace(bad.Stderr), "\n"), 1)
}

// TestBaselineSurvivesRewording: a baseline matches findings on their rule,
// not their words, so a release that rewords a message keeps a baselined
// finding out; a version 1 baseline, keyed on the message, is still read.
func TestBaselineSurvivesRewording(t *testing.T) {
	dir := module(t, map[string]string{"review.go": hotLoop})
	bin := analysistest.Binary(t)
	base := filepath.Join(t.TempDir(), "baseline.json")
	first := analysistest.Exec(t, dir, nil, bin, "-write-baseline", base, "./...")
	require.Contains(t, first.Stdout, "retry delay has no jitter")
	data, err := os.ReadFile(base)
	require.NoError(t, err)
	var file struct {
		Version  int              `json:"version"`
		Findings []map[string]any `json:"findings"`
	}
	require.NoError(t, json.Unmarshal(data, &file))
	require.Equal(t, 2, file.Version)
	require.NotEmpty(t, file.Findings)
	require.Equal(t, "nojitter/no-jitter", file.Findings[0]["rule"])

	// The same findings, worded as an older release never worded them.
	for _, f := range file.Findings {
		f["message"] = "an older wording of the same finding"
	}
	reworded := filepath.Join(t.TempDir(), "reworded.json")
	out, err := json.Marshal(file)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(reworded, out, 0o644))
	r := analysistest.Exec(t, dir, nil, bin, "-baseline", reworded, "./...")
	assert.NotContains(t, r.Stdout, "retry delay has no jitter", "matched on its rule")
	assert.Equal(t, 0, r.Code)

	// Version 1: no rule, the message is the key.
	for _, f := range file.Findings {
		f["message"] = strings.TrimSpace(strings.SplitN(strings.SplitN(first.Stdout, ": ", 2)[1], " (nojitter", 2)[0])
		delete(f, "rule")
	}
	file.Version = 1
	v1 := filepath.Join(t.TempDir(), "v1.json")
	out, err = json.Marshal(file)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(v1, out, 0o644))
	r = analysistest.Exec(t, dir, nil, bin, "-baseline", v1, "./...")
	assert.NotContains(t, r.Stdout, "retry delay has no jitter", "a version 1 baseline still matches")
	assert.Equal(t, 0, r.Code)
}

func TestFixAndDiff(t *testing.T) {
	dir := module(t, map[string]string{"review.go": hotLoop})
	bin := analysistest.Binary(t)
	path := filepath.Join(analysistest.Root(), dir, "review.go")

	d := analysistest.Exec(t, dir, nil, bin, "-diff", "./...")
	assert.Contains(t, d.Stdout, "-\t\ttime.Sleep(time.Second)\n+\t\ttime.Sleep(time.Second/2 + rand.N(time.Second/2))")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, hotLoop, string(src), "-diff writes nothing")

	f := analysistest.Exec(t, dir, nil, bin, "-fix", "./...")
	assert.Equal(t, 0, f.Code, f.Stderr)
	src, err = os.ReadFile(path)
	require.NoError(t, err)
	assert.Contains(t, string(src), "time.Sleep(time.Second/2 + rand.N(time.Second/2))")
	assert.Contains(t, string(src), `"math/rand/v2"`)
	after := analysistest.Exec(t, dir, nil, bin, "./...")
	assert.Equal(t, 0, after.Code, "fixed code has no finding left: %s", after.Stdout)
	build := analysistest.Exec(t, dir, nil, "go", "build", "./...")
	assert.Equal(t, 0, build.Code, build.Stderr)
}

func TestSummary(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, analysistest.Binary(t), "-summary", "./...")
	assert.Contains(t, r.Stdout, "\nanalyzer ")
	assert.Contains(t, r.Stdout, "\npackage ")
	assert.Contains(t, r.Stdout, "example.com/e2e/backoffs")
}

// validSARIF checks a log against the SARIF 2.1.0 schema
// (testdata/sarif-schema-2.1.0.json: the OASIS schema, as published in
// the @microsoft/jest-sarif package).
func validSARIF(t *testing.T, log string) {
	t.Helper()
	schema, err := jsonschema.NewCompiler().Compile(filepath.Join(analysistest.Root(), "testdata", "sarif-schema-2.1.0.json"))
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(log))
	require.NoError(t, err)
	assert.NoError(t, schema.Validate(doc))
}
