package selectinsert_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/selectinsert"
)

func Test(t *testing.T) {
	analysistest.Run(t, selectinsert.Analyzer, "selinshelper", "selins", "selinsstore", "selinssvc", "selinsgormv1", "selinsiface", "selinsifaceuse", "selinsports/postgres", "selinsports/signup")
}
