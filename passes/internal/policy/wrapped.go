package policy

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
)

// Wrapped finds the calls of the files that hand policies to an HTTP
// transport or request that retries with them (failsafehttp's
// NewRoundTripper and NewRequest), each with the policies followed in its
// function: no retry helper call is there to judge them at.
func Wrapped(info *types.Info, files []*ast.File) []*libs.Use {
	var out []*libs.Use
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn := libs.Callee(info, call)
				_, transport := libs.RetryingTransportCalls.Lookup(fn)
				_, request := libs.RetryingRequestCalls.Lookup(fn)
				if transport || request {
					p := Follow(info, call, fd)
					out = append(out, &libs.Use{Info: info, Call: call, Func: libs.NameOf(fn), Policy: &p.Built})
				}
				return true
			})
		}
	}
	return out
}
