package passes_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes"
)

const (
	beginMarker = "<!-- analyzers:begin -->\n"
	endMarker   = "<!-- analyzers:end -->"
)

// analyzerPages renders each analyzer's Doc as a README section.
func analyzerPages() string {
	var b strings.Builder
	for _, a := range passes.All() {
		first, rest, _ := strings.Cut(a.Doc, "\n")
		b.WriteString("\n### " + a.Name + "\n\n" + strings.ToUpper(first[:1]) + first[1:] + ".\n\n```text\n" + strings.TrimSpace(rest) + "\n```\n")
	}
	return b.String() + "\n"
}

// TestREADMEDocumentsAnalyzers keeps the README's analyzer pages equal to
// the analyzers' Doc.
func TestREADMEDocumentsAnalyzers(t *testing.T) {
	path := filepath.Join(analysistest.Root(), "README.md")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	readme := string(data)
	i, j := strings.Index(readme, beginMarker), strings.Index(readme, endMarker)
	require.True(t, i >= 0 && j > i, "README lacks the analyzer markers")
	want := readme[:i+len(beginMarker)] + analyzerPages() + readme[j:]
	if os.Getenv("IDEMLINT_UPDATE_README") == "1" {
		require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
		return
	}
	require.Equal(t, want, readme, "README is out of date: run IDEMLINT_UPDATE_README=1 go test ./passes/")
}
