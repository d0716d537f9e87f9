package policy

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Wrapped finds the calls of the package's functions that hand policies to an HTTP
// transport or request that retries with them (failsafehttp's
// NewRoundTripper and NewRequest), each with the policies followed in its
// function: no retry helper call is there to judge them at.
func Wrapped(info *types.Info, index *bodies.Index) []*libs.Use {
	var out []*libs.Use
	for _, b := range index.Top {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok {
			continue
		}
		for n, fn := range index.All(b) {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				continue
			}
			_, transport := libs.RetryingTransportCalls.Lookup(fn)
			_, request := libs.RetryingRequestCalls.Lookup(fn)
			if transport || request {
				p := Follow(info, call, fd)
				out = append(out, &libs.Use{Info: info, Call: call, Func: libs.NameOf(fn), Policy: &p.Built})
			}
		}
	}
	return out
}
