package main_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
)

// TestNoPanicOnLargeCode runs every analyzer over the standard library and
// golang.org/x/tools and fails on any panic or internal error. It takes a
// minute or two and several GB, so it runs only with IDEMLINT_NOPANIC=1:
//
//	IDEMLINT_NOPANIC=1 go test ./cmd/idemlint -run NoPanic -timeout 30m
func TestNoPanicOnLargeCode(t *testing.T) {
	if os.Getenv("IDEMLINT_NOPANIC") != "1" {
		t.Skip("set IDEMLINT_NOPANIC=1 to run idemlint over std and golang.org/x/tools")
	}
	bin := analysistest.Binary(t)
	dl := analysistest.Exec(t, ".", nil, "go", "mod", "download", "-json", "golang.org/x/tools@v0.52.0")
	require.Equal(t, 0, dl.Code, dl.Stderr)
	var mod struct{ Dir string }
	require.NoError(t, json.Unmarshal([]byte(dl.Stdout), &mod))

	for _, target := range []struct{ name, dir, pattern string }{
		{"std", ".", "std"},
		{"x/tools", mod.Dir, "./..."},
	} {
		t.Run(target.name, func(t *testing.T) {
			r := analysistest.Exec(t, ".", nil, bin, "-C", target.dir, target.pattern)
			for _, bad := range []string{"panic", "internal error", "goroutine "} {
				assert.NotContains(t, r.Stderr, bad)
			}
			assert.Contains(t, []int{0, 1, 3}, r.Code, strings.TrimSpace(r.Stderr))
		})
	}
}
