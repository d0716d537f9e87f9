package retrybody

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
)

// API clients send through a helper of their own: c.doRequest(req, &out)
// hands the request to a wrapper (agenthttp.Do(logger, client, req)) that
// calls client.Do. A retry whose attempt calls such a helper sends the
// request it is given, as if it called Do itself. SendsParamFact carries
// that across packages.

// SendsParamFact marks a function that sends its *http.Request parameter
// Param with net/http, directly or through functions that do.
type SendsParamFact struct {
	Param int
}

func (*SendsParamFact) AFact() {}

func (f *SendsParamFact) String() string {
	return fmt.Sprintf("sends request parameter %d", f.Param)
}

// senders knows the functions that send a request parameter.
type senders struct {
	pass  *analysis.Pass
	index *bodies.Index
	local map[*types.Func]*SendsParamFact
}

// lookup answers for functions of the package (learn) and, through their
// facts, of other packages.
func (s *senders) lookup(fn *types.Func) *SendsParamFact {
	return lookupFact(s.pass, s.local, fn)
}

// learnSendsParam finds the functions of the package that send a request
// parameter, following calls of functions found earlier (a few rounds:
// helpers calling helpers declared later), and exports their facts.
func (s *senders) learn() {
	s.local = map[*types.Func]*SendsParamFact{}
	info := s.pass.TypesInfo
	for changed := true; changed; {
		changed = false
		for _, d := range s.index.Decls() {
			if s.local[d.Func] != nil {
				continue
			}
			for n, callee := range s.index.Each(d, func(*ast.FuncLit) bool { return false }) {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					continue
				}
				arg := -1
				if row, ok := libs.Sends.Lookup(callee); ok && callee.Pkg().Path() == "net/http" {
					arg = row.RequestArg
				} else if f := s.lookup(callee); f != nil {
					arg = f.Param
				}
				if arg < 0 || arg >= len(call.Args) {
					continue
				}
				id, ok := ast.Unparen(call.Args[arg]).(*ast.Ident)
				if !ok {
					continue
				}
				if v, ok := info.Uses[id].(*types.Var); ok && isRequest(v.Type()) && !rewindsBody(info, d.Node, v) {
					if i := paramIndex(d.Func, v); i >= 0 {
						s.local[d.Func] = &SendsParamFact{Param: i}
						changed = true
						break
					}
				}
			}
		}
	}
	for fn, f := range s.local {
		s.pass.ExportObjectFact(fn, f)
	}
}

// rewindsBody reports whether encl touches v's body before sending it
// (req.Body = ..., req.GetBody()): a helper that rewinds what it is given
// sends it whole on every attempt.
func rewindsBody(info *types.Info, encl ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(encl, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || found {
			return !found
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == v && (sel.Sel.Name == "Body" || sel.Sel.Name == "GetBody") {
			found = true
		}
		return !found
	})
	return found
}
