package retryamplify

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/policy"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// attempts returns how many attempts a site makes when its operation keeps
// failing, or 0 when that is not a constant we can see.
func attempts(info *types.Info, s *retrysite.Site) int {
	switch s.Kind {
	case retrysite.Loop:
		return s.Attempts(info)
	case retrysite.Client:
		fn := libs.NameOf(s.HelperFunc)
		if fn.Pkg == libs.RetryableHTTP {
			return 5 // RetryMax 4 by default
		}
		if sel, ok := s.Node.(*ast.CallExpr).Fun.(*ast.SelectorExpr); ok {
			return restyCount(info, sel.X)
		}
	case retrysite.Helper:
		return helperAttempts(info, s)
	case retrysite.Redelivery:
		return s.Redelivery.Attempts
	}
	return 0
}

func helperAttempts(info *types.Info, s *retrysite.Site) int {
	call := s.Node.(*ast.CallExpr)
	fn := libs.NameOf(s.HelperFunc)
	switch fn.Pkg {
	case libs.RetryGoV4, libs.RetryGoV5:
		opts, _ := policy.Options(info, call, s.Helper.Options, s.Encl)
		for _, o := range opts {
			if libs.NameOf(libs.Callee(info, o)).Name == "Attempts" && len(o.Args) == 1 {
				return astutil.IntValue(info, o.Args[0])
			}
		}
		return 10
	case libs.BackoffV5:
		opts, _ := policy.Options(info, call, s.Helper.Options, s.Encl)
		for _, o := range opts {
			if libs.Is(libs.Callee(info, o), libs.BackoffV5, "WithMaxTries") {
				return astutil.IntValue(info, o.Args[0])
			}
		}
	case libs.BackoffV4, libs.SethvargoRetry, libs.K8sRetry, libs.K8sWait:
		if s.Helper.Policy < 0 {
			return 0
		}
		p := policy.Follow(info, call.Args[s.Helper.Policy], s.Encl)
		for _, c := range p.Calls {
			name := libs.NameOf(libs.Callee(info, c))
			switch {
			case name.Name == "WithMaxRetries" && name.Pkg == libs.BackoffV4 && len(c.Args) == 2:
				return plusOne(astutil.IntValue(info, c.Args[1]))
			case name.Name == "WithMaxRetries" && name.Pkg == libs.SethvargoRetry && len(c.Args) == 2:
				return plusOne(astutil.IntValue(info, c.Args[0]))
			}
		}
		for _, l := range p.Lits {
			for _, e := range l.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Steps" {
						return astutil.IntValue(info, kv.Value)
					}
				}
			}
		}
	}
	return 0
}

func restyCount(info *types.Info, e ast.Expr) int {
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return 0
		}
		if libs.IsMethod(libs.Callee(info, call), libs.RestyV2, "Client", "SetRetryCount") && len(call.Args) == 1 {
			return plusOne(astutil.IntValue(info, call.Args[0]))
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return 0
		}
		e = sel.X
	}
}

func plusOne(n int) int {
	if n <= 0 {
		return 0
	}
	return n + 1
}
