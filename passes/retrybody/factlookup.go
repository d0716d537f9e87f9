package retrybody

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// lookupFact returns fn's fact of type F: the one learned for a function
// of the package (local), or the one its own package exported.
func lookupFact[F any, PF interface {
	*F
	analysis.Fact
}](pass *analysis.Pass, local map[*types.Func]PF, fn *types.Func) PF {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if f := local[fn]; f != nil {
		return f
	}
	if fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return nil
	}
	f := PF(new(F))
	if pass.ImportObjectFact(fn, f) {
		return f
	}
	return nil
}
