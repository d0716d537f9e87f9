package analysistest

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
)

// isolatedEnv names the test a child process runs in isolation.
const isolatedEnv = "IDEMLINT_ISOLATED_TEST"

// isolatedStack is the child's maximum stack: a walk that never ends
// overflows it in well under a second (Go's default is 1 GB, which takes
// tens of seconds and as much memory to reach).
const isolatedStack = 64 << 20

// RunIsolated is Run in a child process of the test binary with a small
// maximum stack, for fixtures whose shapes once sent a walk round forever:
// a stack overflow is a fatal error that no recover catches, so in process
// it would take every test of the package down with it, while here it
// fails this test alone, quickly, with the child's output.
func RunIsolated(t *testing.T, a *analysis.Analyzer, pkgs ...string) {
	t.Helper()
	if os.Getenv(isolatedEnv) == t.Name() {
		debug.SetMaxStack(isolatedStack)
		Run(t, a, pkgs...)
		return
	}
	// The child reads the fixtures; reading them here too makes go test's
	// cache see them, so an edited fixture is not answered from the cache.
	for _, pkg := range pkgs {
		_ = filepath.WalkDir(filepath.Join("testdata", "src", pkg), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				_, _ = os.ReadFile(path)
			}
			return nil
		})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+regexp.QuoteMeta(t.Name())+"$", "-test.v")
	cmd.Env = append(os.Environ(), isolatedEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("%s in a child process: %v\n%s", t.Name(), err, clip(string(out), 8000))
	}
}

// clip keeps the start of a child's output: a stack overflow prints
// thousands of frames after the lines that name the walk.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "\n... (clipped)"
}
