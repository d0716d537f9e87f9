package client

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"golang.org/x/tools/go/analysis"
)

// ClientPassFact marks a function that returns the *http.Client it is
// given as parameter Param, perhaps after wrapping its Transport (a debug
// dumper: clientdebug.Wrap(hc) returns hc with a logging transport that
// forwards to the old one). A retrying client handed to it comes back out
// retrying, so a client built as wrap(rc.StandardClient()) in another
// package is still followed to its retry count.
type ClientPassFact struct {
	Param int
}

func (*ClientPassFact) AFact()           {}
func (f *ClientPassFact) String() string { return fmt.Sprintf("returns client param %d", f.Param) }

// learnClientPasses finds the functions of the package whose every return
// of an *http.Client result is the same *http.Client parameter.
func learnClientPasses(info *types.Info, d site.Decls) map[*types.Func]*ClientPassFact {
	out := map[*types.Func]*ClientPassFact{}
	for fn, fd := range d {
		sig := fn.Signature()
		res := sig.Results()
		if res.Len() != 1 || !isHTTPClient(res.At(0).Type()) {
			continue
		}
		param := clientParam(sig) // of two clients, which comes back is not known
		if param < 0 {
			continue
		}
		p := sig.Params().At(param)
		all, any := true, false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) != 1 {
					all = false
					return false
				}
				id, ok := ast.Unparen(n.Results[0]).(*ast.Ident)
				if !ok || info.Uses[id] != p {
					all = false
				}
				any = true
			case *ast.AssignStmt:
				// hc = &http.Client{...}: the parameter no longer holds
				// what the caller gave.
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == p {
						all = false
					}
				}
			}
			return all
		})
		if all && any {
			out[fn] = &ClientPassFact{Param: param}
		}
	}
	return out
}

// clientPass returns the ClientPassFact of fn, from this package or an
// imported fact.
func (c *Configs) clientPass(fn *types.Func) *ClientPassFact {
	return site.FactOf(c.pass, c.passes, fn)
}

// exportFacts exports the facts of the package's functions.
func exportFacts[P analysis.Fact](pass *analysis.Pass, m map[*types.Func]P) {
	for fn, f := range m {
		pass.ExportObjectFact(fn, f)
	}
}

// RetryingClient returns the configuration of the retrying client that e,
// an expression of this package, evaluates to, or nil when it is no client
// that retries: one whose retries are off, or whose library cannot be
// followed.
func (c *Configs) RetryingClient(e ast.Expr) *site.ClientConfig {
	cfg := c.of(e, nil, 0)
	if cfg == nil || cfg.Off || cfg.GRPC != nil {
		return nil
	}
	return cfg
}
