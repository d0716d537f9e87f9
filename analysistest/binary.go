package analysistest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// Binary builds cmd/idemlint once per test process and returns its path.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "idemlint-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "idemlint")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/idemlint")
		cmd.Dir = Root()
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building idemlint: %v", buildErr)
	}
	return binPath
}

// Result is what a command printed and how it exited.
type Result struct {
	Stdout, Stderr string
	Code           int
}

// Exec runs name with args in dir (relative to the repository root), with
// extra environment variables, and returns what it printed and its exit
// code. Failing to start is fatal; a non-zero exit is not.
func Exec(t testing.TB, dir string, env []string, name string, args ...string) Result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(Root(), dir)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("running %s: %v", name, err)
	}
	return Result{Stdout: stdout.String(), Stderr: stderr.String(), Code: cmd.ProcessState.ExitCode()}
}
