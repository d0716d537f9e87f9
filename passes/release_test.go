package passes

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/retryclienterror"
	"github.com/idemlint/idemlint/passes/selectinsert"
)

// A dependency is dropped only when every analyzer running on it runs
// before one that is counted: with retrysite required only by an analyzer
// without facts, nothing may be dropped.
func TestCoversDependencies(t *testing.T) {
	if !coversDependencies(All()) {
		t.Error("the whole suite: want dependencies dropped")
	}
	if coversDependencies([]*analysis.Analyzer{selectinsert.Analyzer, retryclienterror.Analyzer}) {
		t.Error("selectinsert and retryclienterror: retrysite runs on dependencies uncounted, want nothing dropped")
	}
	if !coversDependencies([]*analysis.Analyzer{selectinsert.Analyzer}) {
		t.Error("selectinsert alone: want dependencies dropped")
	}
}
