package main_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
)

// The cache tests' module: pay reports, with a directive that silences a
// report and one that silences nothing; sync imports pay and reports
// through its Facts; poll stands alone.
const cacheModule = "testdata/cache"

// entryIDs maps the cache's entries, by file name, to the package each
// holds.
func entryIDs(t *testing.T, dir string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*-e"))
	out := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		_, body, _ := bytes.Cut(data, []byte("\n"))
		var e struct{ ID string }
		switch {
		case string(body) == "{}":
			// The mark of a run seen (coldcache.go).
		case json.Unmarshal(body, &e) == nil:
			out[filepath.Base(f)] = e.ID
		default:
			out[filepath.Base(f)] = "damaged"
		}
	}
	return out
}

// seenMarks counts the marks of runs seen in the cache (coldcache.go).
func seenMarks(t *testing.T, dir string) int {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*-e"))
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		if _, body, _ := bytes.Cut(data, []byte("\n")); string(body) == "{}" {
			n++
		}
	}
	return n
}

// written lists, sorted, the packages of the entries in after and not in
// before.
func written(before, after map[string]string) []string {
	var ids []string
	for name, id := range after {
		if before[name] != id {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}

// Reports, SARIF, JSON, baselines, fixes and directives are the same with
// the cache as without, on the run that fills it and on the runs that
// read it; -cache=false and IDEMLINT_CACHE=off leave it alone.
func TestCacheSameOutput(t *testing.T) {
	bin := analysistest.Binary(t)
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "cache")
	home := filepath.Join(tmp, "home")
	base := filepath.Join(tmp, "baseline.json")
	runs := [][]string{
		{"-write-baseline=" + base, "-summary", "-diff", "./..."},
		{"-json", "./..."},
		{"-format=sarif", "-baseline=" + base + ".partial", "./..."},
	}
	without := make([]analysistest.Result, len(runs))
	for i, args := range runs {
		env := []string{"IDEMLINT_CACHE=" + dir}
		if i%2 == 1 {
			env = []string{"IDEMLINT_CACHE=off", "HOME=" + home, "XDG_CACHE_HOME=" + home}
		} else {
			args = append([]string{"-cache=false"}, args...)
		}
		without[i] = analysistest.Exec(t, cacheModule, env, bin, args...)
		if i == 0 {
			// A baseline that accounts for some findings and not others.
			data, err := os.ReadFile(base)
			require.NoError(t, err)
			var b struct {
				Version  int
				Findings []json.RawMessage
			}
			require.NoError(t, json.Unmarshal(data, &b))
			require.Greater(t, len(b.Findings), 2)
			b.Findings = b.Findings[:2]
			data, _ = json.Marshal(b)
			require.NoError(t, os.WriteFile(base+".partial", data, 0o644))
			require.NoError(t, os.Rename(base, base+".without"))
		}
	}
	assert.NoDirExists(t, dir, "-cache=false")
	assert.NoDirExists(t, filepath.Join(home, "idemlint"), "IDEMLINT_CACHE=off")
	assert.Contains(t, without[0].Stdout, "silences nothing")
	assert.Contains(t, without[0].Stdout, "pay.Charge")
	assert.Contains(t, without[0].Stdout, "+++")

	// Two runs fill the cache at once, then one reads it.
	for _, fill := range []int{2, 1} {
		var wg sync.WaitGroup
		got := make([][]analysistest.Result, fill)
		for j := range fill {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i, args := range runs {
					// Each writes its own baseline.
					mine := fmt.Sprintf("%s.%d", base, j)
					args = append([]string{}, args...)
					args[0] = strings.Replace(args[0], "-write-baseline="+base, "-write-baseline="+mine, 1)
					got[j] = append(got[j], analysistest.Exec(t, cacheModule, []string{"IDEMLINT_CACHE=" + dir}, bin, args...))
					if i == 0 {
						data, _ := os.ReadFile(mine)
						want, _ := os.ReadFile(base + ".without")
						assert.Equal(t, string(want), string(data), "the baseline written")
						got[j][i].Stdout = strings.ReplaceAll(got[j][i].Stdout, mine, base)
					}
				}
			}()
		}
		wg.Wait()
		for j := range fill {
			for i := range runs {
				assert.Equal(t, without[i], got[j][i], "%v", runs[i])
			}
		}
		ids := entryIDs(t, dir)
		assert.ElementsMatch(t, []string{"example.com/cache/pay", "example.com/cache/poll", "example.com/cache/sync"}, values(ids))
	}
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// A change re-analyzes the package changed and those that import it, and
// a damaged entry is analyzed again and rewritten.
func TestCacheReanalyzesDependents(t *testing.T) {
	bin := analysistest.Binary(t)
	mod := t.TempDir()
	require.NoError(t, os.CopyFS(mod, os.DirFS(filepath.Join(analysistest.Root(), cacheModule))))
	dir := t.TempDir()
	run := func() string {
		cmd := exec.Command(bin, "./...")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "IDEMLINT_CACHE="+dir)
		out, _ := cmd.Output()
		return string(out)
	}
	step := func(name string, change func(), want ...string) string {
		change()
		before := entryIDs(t, dir)
		out := run()
		assert.Equal(t, want, written(before, entryIDs(t, dir)), name)
		return out
	}
	// The first run skips the listing (it marks the run seen) and keys
	// its roots from what it loaded, as a run that lists them does: the
	// second finds them all.
	first := step("first run", func() {}, "example.com/cache/pay", "example.com/cache/poll", "example.com/cache/sync")
	require.Contains(t, first, "pay.Charge")
	assert.Equal(t, 1, seenMarks(t, dir), "the first run marks runs like it seen")
	assert.Equal(t, first, step("unchanged", func() {}))
	assert.Equal(t, 1, seenMarks(t, dir))

	damage := func() {
		for name, id := range entryIDs(t, dir) {
			if id == "example.com/cache/sync" {
				require.NoError(t, os.WriteFile(filepath.Join(dir, name[:2], name), []byte("idemlint cache 1 0000\n{}"), 0o666))
			}
		}
	}
	assert.Equal(t, first, step("damaged", damage, "example.com/cache/sync"))

	appendTo := func(file, text string) func() {
		return func() {
			f, err := os.OpenFile(filepath.Join(mod, file), os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			_, err = f.WriteString(text)
			require.NoError(t, err)
			require.NoError(t, f.Close())
		}
	}
	assert.Equal(t, first, step("leaf changed", appendTo("poll/poll.go", "\n// Changed.\n"), "example.com/cache/poll"))
	out := step("dependency changed", appendTo("pay/pay.go", "\nfunc Extra() {}\n"), "example.com/cache/pay", "example.com/cache/sync")
	assert.Equal(t, first, out)
	assert.False(t, strings.Contains(out, "Extra"))

	// An embed pattern that matches nothing (assets a build step makes)
	// is no error to the loading, so the package is stored like any
	// other.
	embed := func() {
		require.NoError(t, os.WriteFile(filepath.Join(mod, "poll", "assets.go"), []byte("package poll\n\nimport _ \"embed\"\n\n//go:embed generated.tmpl\nvar tmpl string\n"), 0o644))
	}
	assert.Equal(t, first, step("embed pattern matching nothing", embed, "example.com/cache/poll"))
	assert.Equal(t, first, step("unchanged beside the embed", func() {}))

	// selectinsert reads the module's DDL, wherever it is.
	schema := func() {
		require.NoError(t, os.WriteFile(filepath.Join(mod, "schema.sql"), []byte("CREATE TABLE users (email text UNIQUE);\n"), 0o644))
	}
	assert.Equal(t, first, step("schema changed", schema, "example.com/cache/pay", "example.com/cache/poll", "example.com/cache/sync"))

	// A package that fails to type-check, and those that import it, are
	// analyzed on every run, so their errors are printed every time; the
	// other packages are still stored.
	stderr := func() string {
		cmd := exec.Command(bin, "./...")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "IDEMLINT_CACHE="+dir)
		var b strings.Builder
		cmd.Stderr = &b
		_ = cmd.Run()
		return b.String()
	}
	appendTo("pay/pay.go", "\nfunc Broken() int { return \"x\" }\n")()
	before := entryIDs(t, dir)
	broken := stderr()
	assert.Contains(t, broken, "example.com/cache/pay")
	assert.Empty(t, written(before, entryIDs(t, dir)), "nothing broken is stored")
	assert.Equal(t, broken, stderr(), "the errors are printed again")
	step("leaf changed beside a broken package", appendTo("poll/poll.go", "\n// Changed again.\n"), "example.com/cache/poll")
}
