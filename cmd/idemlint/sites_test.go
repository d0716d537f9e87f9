package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
)

// The retry map's golden files sit beside each module's expected
// reports; IDEMLINT_UPDATE_GOLDEN=1 rewrites them.
func goldenSites(t *testing.T, module, name, got string) {
	t.Helper()
	golden := filepath.Join(analysistest.Root(), module, name)
	if os.Getenv("IDEMLINT_UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	assert.Equal(t, string(want), got, "%s: run IDEMLINT_UPDATE_GOLDEN=1 go test ./cmd/idemlint -run Sites to update", golden)
}

// mapOf is the part of the map's JSON the tests read.
type mapOf struct {
	Version int `json:"version"`
	Sites   []struct {
		ID       string `json:"id"`
		Category string `json:"category"`
		Attempts struct {
			Bound string `json:"bound"`
		} `json:"attempts"`
		Wait struct {
			Delay      string `json:"delay"`
			Jitter     string `json:"jitter"`
			Capped     string `json:"capped"`
			RetryAfter string `json:"retryAfter"`
		} `json:"wait"`
		Reports []struct {
			Check   string `json:"check"`
			Message string `json:"message"`
			At      struct {
				File   string `json:"file"`
				Line   int    `json:"line"`
				Column int    `json:"column"`
			} `json:"at"`
		} `json:"reports"`
	} `json:"sites"`
}

func readMap(t *testing.T, out string) mapOf {
	t.Helper()
	var m mapOf
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	return m
}

// TestSites checks the map of the demo and of the end-to-end module
// against their golden files, text and JSON, and the JSON against its
// schema. The second run of each module is answered from the cache the
// first filled.
func TestSites(t *testing.T) {
	bin := analysistest.Binary(t)
	for _, module := range []string{"testdata/demo", e2e} {
		t.Run(filepath.Base(module), func(t *testing.T) {
			env := []string{"IDEMLINT_CACHE=" + t.TempDir()}
			text := analysistest.Exec(t, module, env, bin, "-sites", "./...")
			require.Equal(t, 0, text.Code, text.Stderr)
			assert.Empty(t, text.Stderr)
			goldenSites(t, module, "expected-sites.txt", text.Stdout)
			js := analysistest.Exec(t, module, env, bin, "-sites", "-json", "./...")
			require.Equal(t, 0, js.Code, js.Stderr)
			goldenSites(t, module, "expected-sites.json", js.Stdout)
			validSites(t, js.Stdout)
		})
	}
}

// validSites validates a map against docs/sites.schema.json.
func validSites(t *testing.T, out string) {
	t.Helper()
	schema, err := jsonschema.NewCompiler().Compile(filepath.Join(analysistest.Root(), "docs", "sites.schema.json"))
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	require.NoError(t, err)
	assert.NoError(t, schema.Validate(doc))
}

// reportLine matches a standalone report: file:line:col: message (check).
var reportLine = regexp.MustCompile(`^(\S+?):(\d+):(\d+): (.*) \(([a-z]+(?:/[a-z-]+)?)\)$`)

// TestSitesAgreeWithReports holds the map to the reports of the same
// run: every report a row lists is one of the reports, and what the row
// says agrees with it (a site nojitter reports waits without jitter, one
// unboundedretry reports is unbounded...). The rows are joined with the
// reports, so this fails when the join or a verdict drifts.
func TestSitesAgreeWithReports(t *testing.T) {
	r := analysistest.Exec(t, e2e, nil, analysistest.Binary(t), "-sites", "-json", "./...")
	require.Equal(t, 0, r.Code, r.Stderr)
	m := readMap(t, r.Stdout)
	assert.Equal(t, 1, m.Version)
	reports := map[string]bool{}
	for _, line := range strings.Split(expected(t, e2e), "\n") {
		if g := reportLine.FindStringSubmatch(line); g != nil {
			reports[g[1]+":"+g[2]+":"+g[3]+" "+g[5]+" "+g[4]] = true
		}
	}
	joined := 0
	for _, s := range m.Sites {
		for _, rep := range s.Reports {
			joined++
			key := rep.At.File + ":" + strconv.Itoa(rep.At.Line) + ":" + strconv.Itoa(rep.At.Column)
			assert.True(t, reports[key+" "+rep.Check+" "+rep.Message], "%s lists a report the run does not make: %s %s", s.ID, key, rep.Check)
			switch {
			case rep.Check == "nojitter/no-jitter", rep.Check == "nojitter/no-cap" && strings.Contains(rep.Message, "no jitter"):
				assert.Equal(t, "no", s.Wait.Jitter, "%s: nojitter reports it, the map must show no jitter", s.ID)
			case rep.Check == "nojitter/no-delay":
				assert.True(t, strings.HasPrefix(s.Wait.Delay, "none"), "%s: nojitter reports no delay, the map shows %q", s.ID, s.Wait.Delay)
			case strings.HasPrefix(rep.Check, "unboundedretry/"):
				assert.Equal(t, "unbounded", s.Attempts.Bound, "%s: unboundedretry reports it", s.ID)
			case rep.Check == "retryclienterror/retry-after":
				assert.Equal(t, "ignored", s.Wait.RetryAfter, s.ID)
			}
		}
		if s.Wait.Jitter == "no" && s.Wait.Delay != "" && !strings.HasPrefix(s.Wait.Delay, "constant") {
			found := false
			for _, rep := range s.Reports {
				found = found || strings.HasPrefix(rep.Check, "nojitter/")
			}
			assert.True(t, found, "%s: a computed wait without jitter that nojitter did not report", s.ID)
		}
	}
	assert.Greater(t, joined, 40, "the e2e module's reports are at its sites")
}

// embedded matches the map the page embeds.
var embedded = regexp.MustCompile(`(?s)<script type="application/json" id="sites-data">(.*?)</script>`)

// TestSitesPage checks the page -sites -html writes: its embedded data
// is the map -sites -json prints, byte for byte, and it names no
// resource to load (a browser test, testdata/sitespage, uses it).
func TestSitesPage(t *testing.T) {
	bin := analysistest.Binary(t)
	for _, module := range []string{"testdata/demo", e2e} {
		t.Run(filepath.Base(module), func(t *testing.T) {
			page := filepath.Join(t.TempDir(), "sites.html")
			r := analysistest.Exec(t, module, nil, bin, "-sites", "-json", "-html="+page, "./...")
			require.Equal(t, 0, r.Code, r.Stderr)
			data, err := os.ReadFile(page)
			require.NoError(t, err)
			html := string(data)
			g := embedded.FindStringSubmatch(html)
			require.NotNil(t, g, "the page embeds the map")
			assert.Equal(t, strings.TrimSuffix(r.Stdout, "\n"), g[1])
			assert.Contains(t, html, `Content-Security-Policy" content="default-src 'none'`)
			assert.NotRegexp(t, `(?i)(src|href)="(https?:)?//`, html, "nothing loaded from a network")
			assert.NotContains(t, html, "@import")
		})
	}
}

// TestSitesCache: a map run after a normal run analyzes again the units
// stored without their map and stores them with it; the next map run
// loads nothing, and a normal run then reads the units the map run
// stored. Outputs are those of runs without the cache.
func TestSitesCache(t *testing.T) {
	bin := analysistest.Binary(t)
	dir := t.TempDir()
	env := []string{"IDEMLINT_CACHE=" + dir}
	off := []string{"IDEMLINT_CACHE=off"}
	reports := analysistest.Exec(t, cacheModule, off, bin, "./...")
	sites := analysistest.Exec(t, cacheModule, off, bin, "-sites", "./...")
	require.NotEmpty(t, sites.Stdout)

	step := func(args ...string) (analysistest.Result, []string) {
		before := entryFiles(t, dir)
		r := analysistest.Exec(t, cacheModule, env, bin, args...)
		return r, rewritten(before, entryFiles(t, dir))
	}
	r, wrote := step("./...")
	assert.Equal(t, reports.Stdout, r.Stdout)
	assert.NotEmpty(t, wrote)
	r, wrote = step("-sites", "./...")
	assert.Equal(t, sites.Stdout, r.Stdout)
	assert.NotEmpty(t, wrote, "units stored without their map are analyzed again")
	r, wrote = step("-sites", "./...")
	assert.Equal(t, sites.Stdout, r.Stdout)
	assert.Empty(t, wrote, "a second map run answers from the cache")
	r, wrote = step("./...")
	assert.Equal(t, reports.Stdout, r.Stdout)
	assert.Empty(t, wrote, "a normal run reads what the map run stored")
}

// entryFiles maps the cache's entries, by file name, to their files: an
// entry stored again with its map keeps its name and package but is a new
// file (the cache writes a temporary file and renames it).
func entryFiles(t *testing.T, dir string) map[string]os.FileInfo {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*-e"))
	out := map[string]os.FileInfo{}
	for _, f := range files {
		fi, err := os.Stat(f)
		require.NoError(t, err)
		out[filepath.Base(f)] = fi
	}
	return out
}

// rewritten lists the entries of after that are not the files of before.
func rewritten(before, after map[string]os.FileInfo) []string {
	var out []string
	for name, fi := range after {
		if old, ok := before[name]; !ok || !os.SameFile(old, fi) {
			out = append(out, name)
		}
	}
	return out
}

// mapExcerpt matches a text block of the map in the documentation: from
// a site's first line to the map's summary line.
var mapExcerpt = regexp.MustCompile("(?s)```text\n(demo\\.go:\\d+:\\d+: [^\n]*\n.*?retry sites[^\n]*)\n```")

// TestSitesDocs keeps the excerpts of the demo's map in the README and
// docs/sites.md those of its golden map.
func TestSitesDocs(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join(analysistest.Root(), "testdata", "demo", "expected-sites.txt"))
	require.NoError(t, err)
	for _, page := range []string{"README.md", "docs/sites.md"} {
		text, err := os.ReadFile(filepath.Join(analysistest.Root(), page))
		require.NoError(t, err)
		blocks := mapExcerpt.FindAllStringSubmatch(string(text), -1)
		require.NotEmpty(t, blocks, "%s shows the demo's map", page)
		for _, b := range blocks {
			for _, part := range strings.Split(b[1], "\n\n") {
				assert.Contains(t, string(golden), part+"\n", "%s: the demo's map says otherwise", page)
			}
		}
	}
}

// TestSitesFlags: the flags a map does not go with are usage errors.
func TestSitesFlags(t *testing.T) {
	bin := analysistest.Binary(t)
	for _, args := range [][]string{
		{"-html=x.html", "./..."},
		{"-sites", "-sarif", "./..."},
		{"-sites", "-fix", "./..."},
		{"-sites", "-write-baseline=b.json", "./..."},
	} {
		r := analysistest.Exec(t, "testdata/demo", nil, bin, args...)
		assert.Equal(t, 2, r.Code, "%v", args)
		assert.Len(t, strings.Split(strings.TrimSpace(r.Stderr), "\n"), 1, "%v: %s", args, r.Stderr)
	}
}
