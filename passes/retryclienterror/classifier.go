package retryclienterror

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// reportStatus reports a retry of every 4xx at the send; when an error
// classifier of the program decided (if !isRetryable(err) { return err }),
// the message names it and the related information points at it, where
// the fix belongs.
func reportStatus(pass *analysis.Pass, f *retrysite.Failure) {
	if len(f.Classifiers) != 1 {
		report.At(pass, f.Sends[0], msgStatus)
		return
	}
	fn := f.Classifiers[0]
	report.Report(pass, analysis.Diagnostic{
		Pos:     f.Sends[0].Pos(),
		End:     f.Sends[0].End(),
		Message: msgStatus + "; " + shortName(fn) + " lets them through",
		Related: []analysis.RelatedInformation{{Pos: fn.Pos(), Message: shortName(fn) + " decides which errors are retried"}},
	})
}

// shortName names a function as a reader finds it: pkg.Func or
// pkg.Type.Method.
func shortName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}
