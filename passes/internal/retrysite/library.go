package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
)

// resolveLibrary follows, once, what a library helper call is given
// besides its operation: its policy (an argument, or the option that
// carries it), its options and its context. The analyzers judge these
// through the library model (Site.Use) and never index the call's
// arguments themselves.
func resolveLibrary(info *types.Info, s *Site, call *ast.CallExpr, encl ast.Node) {
	h := s.Helper
	s.Options, s.OptionsSeen = policy.Options(info, call, h.Options, encl)
	switch {
	case h.Policy >= 0 && h.Policy < len(call.Args):
		s.Policy = policy.Follow(info, call.Args[h.Policy], encl)
	case h.Recv:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			s.Policy = policy.Follow(info, sel.X, encl)
		}
	case h.PolicyOption != "":
		s.Policy = policy.New()
		for _, o := range s.Options {
			if libs.Is(libs.Callee(info, o), s.Library.Pkg, h.PolicyOption) && len(o.Args) == 1 {
				s.Policy.Merge(policy.Follow(info, o.Args[0], encl))
			}
		}
	}
	if h.Ctx >= 0 && h.Ctx < len(call.Args) {
		s.Ctx = policy.Follow(info, call.Args[h.Ctx], encl)
	}
}

// Use returns a site that configures a library helper's policy as the
// library model reads it, or nil.
func (s *Site) Use(info *types.Info) *libs.Use {
	if s.Library.Name == "" {
		return nil
	}
	u := &libs.Use{Info: info, Call: s.Node.(*ast.CallExpr), Func: s.Library, Helper: s.Helper, Options: s.Options}
	if s.Policy != nil {
		u.Policy = &s.Policy.Built
	}
	if s.Ctx != nil {
		u.Ctx = &s.Ctx.Built
	}
	return u
}
