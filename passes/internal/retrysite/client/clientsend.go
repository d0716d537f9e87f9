package client

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// ClientSendFact marks a function that sends a request through the
// *http.Client it is given as parameter Param (DoRequestWithClient(ctx,
// hc, req) calls hc.Do(req)). The client it sends through is the
// caller's: a call handing it a retrying client (rc.StandardClient() kept
// in c.HTTPClient) is a send through a retrying client, as hc.Do(req) in
// the caller would be.
type ClientSendFact struct {
	Param int
}

func (*ClientSendFact) AFact() {}
func (f *ClientSendFact) String() string {
	return fmt.Sprintf("sends through client param %d", f.Param)
}

// learnClientSends finds the functions of the package that send through
// their one *http.Client parameter, never assigned in the body.
func learnClientSends(info *types.Info, d site.Decls) map[*types.Func]*ClientSendFact {
	out := map[*types.Func]*ClientSendFact{}
	for fn, fd := range d {
		if fd.Body == nil {
			continue
		}
		param := clientParam(fn.Signature())
		if param < 0 {
			continue
		}
		p := fn.Signature().Params().At(param)
		sends, assigned := false, false
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == p {
						assigned = true
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				id, ok := ast.Unparen(sel.X).(*ast.Ident)
				callee := libs.Callee(info, n)
				if _, send := libs.Sends.Lookup(callee); ok && callee != nil && send && info.Uses[id] == p && libs.IsMethod(callee, "net/http", "Client", callee.Name()) {
					sends = true
				}
			}
			return true
		})
		if sends && !assigned {
			out[fn] = &ClientSendFact{Param: param}
		}
	}
	return out
}

// clientParam returns the index of the one *http.Client parameter of sig,
// or -1 when it has none or several.
func clientParam(sig *types.Signature) int {
	param := -1
	for i := range sig.Params().Len() {
		if isHTTPClient(sig.Params().At(i).Type()) {
			if param >= 0 {
				return -1
			}
			param = i
		}
	}
	return param
}

// clientSend returns the ClientSendFact of fn, from this package or an
// imported fact.
func (c *Configs) clientSend(fn *types.Func) *ClientSendFact {
	return site.FactOf(c.pass, c.sends, fn)
}

// ThroughClientParam returns the configuration of the retrying client a
// call of a ClientSendFact function hands it, or nil. The function may be
// of the package itself (a client package's DoRequestWithClient): the
// client comes from the call.
func (c *Configs) ThroughClientParam(call *ast.CallExpr, fn *types.Func) *site.ClientConfig {
	if c.pass == nil || c.index == nil && c.nodes == nil {
		return nil
	}
	f := c.clientSend(fn)
	if f == nil || f.Param >= len(call.Args) {
		return nil
	}
	if cfg := c.of(call.Args[f.Param], nil, 0); cfg != nil && cfg.Std {
		return cfg
	}
	return nil
}
