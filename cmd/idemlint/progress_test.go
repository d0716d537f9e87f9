package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// clock is a fake clock the test moves by hand.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// On a terminal, a run older than the quiet period gets one line that
// rewrites itself in place and is erased at the end.
func TestProgressLine(t *testing.T) {
	c := &clock{time.Unix(0, 0)}
	var term strings.Builder
	p := newProgress(&term, c.now, 2*time.Second)

	p.parsed.Store(40)
	c.t = c.t.Add(time.Second)
	p.tick()
	assert.Empty(t, term.String(), "a short run shows nothing")

	c.t = c.t.Add(1500 * time.Millisecond)
	p.tick()
	assert.Equal(t, "\ridemlint: loading packages, 40 files parsed", term.String())
	p.tick()
	assert.Equal(t, "\ridemlint: loading packages, 40 files parsed", term.String(), "the same line is not drawn again")

	term.Reset()
	p.loaded.Store(12)
	p.total.Store(9)
	p.done.Store(3)
	p.tick()
	assert.Equal(t, "\ridemlint: 12 packages loaded, 3 of 9 analyzed", term.String(), "as long as the line before: nothing to blank")

	term.Reset()
	p.above(func() { term.WriteString("idemlint: a load error\n") })
	p.tick()
	blank := strings.Repeat(" ", len("idemlint: 12 packages loaded, 3 of 9 analyzed"))
	assert.Equal(t, "\r"+blank+"\ridemlint: a load error\n\ridemlint: 12 packages loaded, 3 of 9 analyzed", term.String(), "errors print above the line")

	term.Reset()
	p.done.Store(9)
	p.finish()
	p.tick()
	assert.Equal(t, "\r"+blank+"\r", term.String(), "erased at the end, and never drawn again")
}

// A shorter line blanks out what is left of a longer one.
func TestProgressLineShrinks(t *testing.T) {
	c := &clock{time.Unix(0, 0)}
	var term strings.Builder
	p := newProgress(&term, c.now, 0)
	p.parsed.Store(123456)
	p.tick()
	long := len("idemlint: loading packages, 123456 files parsed")
	term.Reset()
	p.loaded.Store(1)
	p.total.Store(1)
	p.tick()
	short := "idemlint: 1 packages loaded, 0 of 1 analyzed"
	assert.Equal(t, "\r"+short+strings.Repeat(" ", long-len(short)), term.String())
}

// Without a terminal, nothing is drawn, however long the run.
func TestNoProgressWithoutTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	var buf strings.Builder

	assert.False(t, isTerminal(w), "a pipe")
	assert.False(t, isTerminal(&buf), "not a file")
	assert.False(t, showProgress(false, &buf, "text"), "stderr is no terminal")
	assert.False(t, showProgress(false, &buf, "sarif"))
	assert.True(t, showProgress(true, &buf, "text"))
	assert.True(t, showProgress(true, w, "text"), "text reports piped away, a person watches stderr")
	assert.False(t, showProgress(true, w, "json"), "JSON read by a program")
	assert.False(t, showProgress(true, w, "sarif"), "SARIF read by a program")

	c := &clock{time.Unix(0, 0)}
	p := newProgress(nil, c.now, 0)
	p.parsed.Store(10)
	c.t = c.t.Add(time.Hour)
	p.tick()
	p.above(func() {})
	p.finish()
	p.run(time.Millisecond)()
}

// The counts: loaded is every package, roots and dependencies; analyzed
// counts a package when the last analyzer that runs on it is done, and an
// analyzer with facts runs on the dependencies too.
func TestProgressCounts(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":  "module example.com/p\n\ngo 1.24\n",
		"a/a.go":  "package a\n\nimport _ \"example.com/p/b\"\n",
		"b/b.go":  "package b\n\nimport _ \"example.com/p/c\"\n",
		"c/c.go":  "package c\n",
		"ex/x.go": "package ex\n",
	} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./a")
	require.NoError(t, err)

	noop := func(*analysis.Pass) (any, error) { return nil, nil }
	for _, c := range []struct {
		name  string
		facts bool
		total int64
	}{{"roots only", false, 1}, {"facts: dependencies too", true, 3}} {
		t.Run(c.name, func(t *testing.T) {
			plain := &analysis.Analyzer{Name: "plain", Doc: "plain", Run: noop}
			withFacts := &analysis.Analyzer{Name: "facts", Doc: "facts", Run: noop}
			if c.facts {
				withFacts.FactTypes = []analysis.Fact{new(progressFact)}
			}
			p := newProgress(new(strings.Builder), time.Now, time.Hour)
			all := []*analysis.Analyzer{plain, withFacts}
			p.watch(pkgs, all)
			assert.Equal(t, int64(3), p.loaded.Load())
			assert.Equal(t, c.total, p.total.Load())
			assert.Zero(t, p.done.Load())
			_, err := checker.Analyze(all, pkgs, nil)
			require.NoError(t, err)
			assert.Equal(t, c.total, p.done.Load())
		})
	}
}

type progressFact struct{}

func (*progressFact) AFact() {}
