package retrysite_test

import (
	"fmt"
	"go/ast"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// showRedelivery reports the Redelivery sites with their framework and
// attempts, and, at every call of a function named work, whether a
// redelivery runs it again: the fixtures state which code each framework
// runs again and which it does not.
var showRedelivery = &analysis.Analyzer{
	Name:       "showredelivery",
	Doc:        "report redelivered handlers (test only)",
	Requires:   []*analysis.Analyzer{retrysite.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		var red []*retrysite.Site
		for _, s := range pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites {
			if s.Kind != retrysite.Redelivery {
				continue
			}
			red = append(red, s)
			msg := fmt.Sprintf("%s %s attempts=%d", s.Kind, s.Redelivery.F.Name, s.Redelivery.Attempts)
			if s.Op.Func != nil {
				msg += " op=" + s.Op.Func.Name()
			}
			pass.Reportf(s.Pos(), "%s", msg)
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "work" {
					for _, s := range red {
						if s.InAttempt(call) {
							pass.Reportf(call.Pos(), "runs again")
							break
						}
					}
				}
				return true
			})
		}
		return true, nil
	},
}

func TestRedelivery(t *testing.T) {
	analysistest.Run(t, showRedelivery, "redeliver", "redeliverapp", "redeliverargs", "redeliveracts", "redeliverflows", "redeliverworkers")
}
