package passes_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes"
)

// TestSuite checks what every analyzer owes its users: a valid analyzer, a
// Doc whose first line is a lower-case summary, and a URL into the README.
func TestSuite(t *testing.T) {
	all := passes.All()
	assert.NoError(t, analysis.Validate(all))
	names := map[string]bool{}
	for _, a := range all {
		assert.False(t, names[a.Name], "duplicate analyzer %s", a.Name)
		names[a.Name] = true
		first, _, _ := strings.Cut(a.Doc, "\n")
		assert.NotEmpty(t, first, a.Name)
		assert.Equal(t, strings.ToLower(first[:1]), first[:1], "%s: Doc starts lower case", a.Name)
		assert.False(t, strings.HasSuffix(first, "."), "%s: Doc summary has no period", a.Name)
		assert.True(t, strings.HasSuffix(a.URL, "#"+a.Name), "%s: URL anchors the README", a.Name)
	}
	assert.Len(t, all, 8)
}

// Importing the analyzers registers no golangci-lint plugin: that is
// package plugin's job, so that a host that only wants the analyzers does
// not get one.
func TestNoPluginSideEffect(t *testing.T) {
	_, err := register.GetPlugin("idemlint")
	assert.Error(t, err)
}
