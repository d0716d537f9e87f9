package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/client"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// learnRetryingTransports finds the package's RoundTrip methods that send
// inside a retry loop or a retry library's helper, and exports a
// RetryingTransportFact on their receiver types.
func (f *finder) learnRetryingTransports() {
	for _, b := range f.index.Bodies {
		fd, ok := b.Node.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || fd.Name.Name != "RoundTrip" {
			continue
		}
		fn, _ := f.info.Defs[fd.Name].(*types.Func)
		if fn == nil || !isRoundTrip(fn) {
			continue
		}
		loops, ok := f.loops[b]
		if !ok {
			loops = f.loopSites(b)
			f.loops[b] = loops
		}
		sites := loops
		for _, c := range b.Calls {
			if s := f.callSite(b.Node, c.CallExpr, c.Callee); s != nil {
				sites = append(sites, s)
			}
		}
		retries := false
		for _, s := range sites {
			retries = retries || sendsIn(f.info, s.Node)
		}
		if tn := libs.TypeNameOf(fn.Signature().Recv().Type()); retries && tn != nil {
			f.clients.MarkRetryingTransport(tn)
			f.pass.ExportObjectFact(tn, &client.RetryingTransportFact{})
		}
	}
}

// isRoundTrip reports whether fn has http.RoundTripper's signature.
func isRoundTrip(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	req, ok := sig.Params().At(0).Type().(*types.Pointer)
	resp, ok2 := sig.Results().At(0).Type().(*types.Pointer)
	return ok && ok2 && libs.IsNamed(req.Elem(), "net/http", "Request") &&
		libs.IsNamed(resp.Elem(), "net/http", "Response") && site.IsErrorType(sig.Results().At(1).Type())
}

// sendsIn reports whether n sends an HTTP request: a RoundTrip of another
// transport or a send of an *http.Client.
func sendsIn(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok && !found {
			fn := libs.Callee(info, call)
			if fn != nil && fn.Name() == "RoundTrip" && isRoundTrip(fn) {
				found = true
			} else if _, ok := libs.Sends.Lookup(fn); ok {
				found = true
			}
		}
		return !found
	})
	return found
}
