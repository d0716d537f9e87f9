package retrysite_test

import (
	"fmt"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// show reports every retry site, so the fixtures' `// want` comments state
// which code is recognised as a retry site and which is not.
var show = &analysis.Analyzer{
	Name:       "showsites",
	Doc:        "report retry sites (test only)",
	Requires:   []*analysis.Analyzer{retrysite.Analyzer},
	ResultType: reflect.TypeFor[bool](),
	Run: func(pass *analysis.Pass) (any, error) {
		for _, s := range pass.ResultOf[retrysite.Analyzer].(*retrysite.Result).Sites {
			msg := s.Kind.String()
			if s.Kind == retrysite.Loop {
				msg += fmt.Sprintf(" bounded=%t waits=%d", s.Bound != nil, len(s.Waits))
			}
			if s.Kind == retrysite.Client {
				msg += fmt.Sprintf(" attempts=%d", s.Client.Attempts)
				if s.Client.Std {
					msg += " std"
				}
				if s.Client.CustomCheck {
					msg += " custom"
				}
			}
			if s.Op.Body != nil {
				msg += " op=body"
			} else if s.Op.Func != nil {
				msg += " op=" + s.Op.Func.Name()
			}
			pass.Reportf(s.Pos(), "%s", msg)
		}
		return true, nil
	},
}

func TestSites(t *testing.T) {
	analysistest.Run(t, show, "sites", "sitesdep")
}
