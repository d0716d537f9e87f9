package retrynonidempotent

import (
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"
)

// TestSameModule: an exported header field of a package of the module
// being analyzed is the user's configuration; one of another module, or
// of a run that does not say its module, may hold anything.
func TestSameModule(t *testing.T) {
	pass := &analysis.Pass{Module: &analysis.Module{Path: "go.example/otel/exporters/trace"}}
	pkg := func(path string) *types.Package { return types.NewPackage(path, "p") }
	assert.True(t, sameModule(pass, pkg("go.example/otel/exporters/trace")))
	assert.True(t, sameModule(pass, pkg("go.example/otel/exporters/trace/internal/config")))
	assert.False(t, sameModule(pass, pkg("go.example/otel/exporters/tracex")), "a prefix of the path is not the module")
	assert.False(t, sameModule(pass, pkg("go.example/otel/sdk")))
	assert.False(t, sameModule(&analysis.Pass{}, pkg("go.example/otel/exporters/trace")), "no module known")
	assert.False(t, sameModule(pass, nil))
}
