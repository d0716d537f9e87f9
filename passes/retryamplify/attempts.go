package retryamplify

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/libs"
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
	}
	return 0
}

// helperAttempts asks the helper's library family.
func helperAttempts(info *types.Info, s *retrysite.Site) int {
	if fam := libs.FamilyByName(s.Library); fam != nil && fam.Attempts != nil {
		return fam.Attempts(s.Use(info))
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
