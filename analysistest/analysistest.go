// Package analysistest holds what idemlint's tests share: a runner for an
// analyzer's fixtures with the shared third-party stubs, and helpers that
// build the idemlint binary for end-to-end tests.
package analysistest

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/tools/go/analysis"
	xtest "golang.org/x/tools/go/analysis/analysistest"
)

// Root is the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// Stubs is the directory of the shared third-party stubs (a GOPATH tree).
func Stubs() string { return filepath.Join(Root(), "testdata", "stubs") }

// gopath assembles, in a temporary directory, a GOPATH holding the shared
// stubs and the fixtures under dir/src. analysistest loads fixtures in GOPATH
// mode from a single directory, so the two trees are copied side by side.
func gopath(t testing.TB, dir string) string {
	t.Helper()
	tmp := t.TempDir()
	for _, from := range []string{Stubs(), dir} {
		if err := copyTree(filepath.Join(from, "src"), filepath.Join(tmp, "src")); err != nil {
			t.Fatal(err)
		}
	}
	return tmp
}

func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
}

// Run runs a on the fixture packages under ./testdata/src of the calling
// test's directory, with the shared stubs importable, and checks the
// `// want` comments.
func Run(t *testing.T, a *analysis.Analyzer, pkgs ...string) []*xtest.Result {
	t.Helper()
	return xtest.Run(t, gopath(t, "testdata"), a, pkgs...)
}

// RunWithSuggestedFixes is Run that also checks the suggested fixes against
// the .golden files beside the fixtures. With IDEMLINT_UPDATE_GOLDEN=1 it
// writes the .golden files instead, from the fixes the analyzer offers.
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, pkgs ...string) []*xtest.Result {
	t.Helper()
	tmp := gopath(t, "testdata")
	if os.Getenv("IDEMLINT_UPDATE_GOLDEN") == "1" {
		results := xtest.Run(t, tmp, a, pkgs...)
		if err := writeGolden(results, filepath.Join(tmp, "src"), filepath.Join("testdata", "src")); err != nil {
			t.Fatal(err)
		}
		return results
	}
	return xtest.RunWithSuggestedFixes(t, tmp, a, pkgs...)
}
