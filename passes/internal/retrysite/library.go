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
		if h.BuiltOptions {
			// roko.DoFunc(ctx, r, op): the calls that build r are its options.
			s.Options, s.OptionsSeen = s.Policy.Calls, s.Policy.Complete
		}
	case h.Recv:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			s.Policy = policy.Follow(info, sel.X, encl)
			if h.BuiltOptions {
				// retry.New(retry.Attempts(3)).Do(op): the calls that
				// build the receiver are its options.
				s.Options, s.OptionsSeen = s.Policy.Calls, s.Policy.Complete
			}
		}
	case h.PolicyOption != "":
		var given []*policy.Policy
		for _, o := range s.Options {
			if libs.Is(libs.Callee(info, o), s.Library.Pkg, h.PolicyOption) && len(o.Args) == 1 {
				given = append(given, policy.Follow(info, o.Args[0], encl))
			}
		}
		if len(given) == 1 {
			// backoff.WithBackOff(c.b): the policy as followed, so that
			// one kept in a field is judged where the field is set.
			s.Policy = given[0]
			break
		}
		s.Policy = policy.New()
		for _, p := range given {
			s.Policy.Merge(p)
		}
	case h.Options >= 0 && h.Options < len(call.Args) && call.Ellipsis.IsValid():
		// retry.Do(op, c.opts...): the options are the policy, and the
		// spread slice may be kept in a field or a package variable, or
		// built by a function of the program.
		s.Policy = policy.Follow(info, call.Args[len(call.Args)-1], encl)
	}
	if h.Ctx >= 0 && h.Ctx < len(call.Args) {
		s.Ctx = policy.Follow(info, call.Args[h.Ctx], encl)
	}
}
