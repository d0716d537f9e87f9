package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
)

// forwards finds the library helper call in fd that retries fd's operation
// parameter with a policy or options taken straight from fd's parameters.
func forwards(info *types.Info, fd *ast.FuncDecl, sites []*Site) *site.Forward {
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	params := fn.Signature().Params()
	index := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		for i := range params.Len() {
			if info.Uses[id] == params.At(i) {
				return i
			}
		}
		return -1
	}
	for _, s := range sites {
		if s.Kind != Helper || s.Pos() < fd.Pos() || s.Pos() >= fd.End() {
			continue
		}
		call := s.Node.(*ast.CallExpr)
		arg := func(i int) int {
			if i < 0 || i >= len(call.Args) {
				return -1
			}
			return index(call.Args[i])
		}
		fw := &site.Forward{Lib: s.Library, Policy: arg(s.Helper.Policy), Ctx: arg(s.Helper.Ctx), Options: -1, PolicyOption: s.Helper.PolicyOption}
		// Options are forwarded as one spread parameter (opts...).
		if o := s.Helper.Options; o >= 0 && o == len(call.Args)-1 && call.Ellipsis.IsValid() {
			if i := index(call.Args[o]); i == params.Len()-1 && fn.Signature().Variadic() {
				fw.Options = i
			}
		}
		if fw.Policy >= 0 || fw.Options >= 0 {
			return fw
		}
	}
	return nil
}

// forwarded makes a call of a user-defined helper that forwards its policy
// or options a configuration of the library helper: its arguments are
// resolved as the library helper's would be.
func forwarded(info *types.Info, s *Site, call *ast.CallExpr, encl ast.Node) {
	fw := s.UserHelper.Forward
	if fw == nil {
		return
	}
	// The receiver of a method is not among the call's arguments, nor
	// among the parameters counted, so the indexes match.
	s.Library = fw.Lib
	s.Helper = libs.RetryHelper{Op: s.UserHelper.Op, Policy: fw.Policy, Ctx: fw.Ctx, Options: fw.Options, PolicyOption: fw.PolicyOption}
	resolveLibrary(info, s, call, encl)
}
