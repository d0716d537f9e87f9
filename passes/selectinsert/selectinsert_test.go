package selectinsert_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/selectinsert"
)

func Test(t *testing.T) {
	analysistest.Run(t, selectinsert.Analyzer, "selinshelper", "selins", "selinsstore", "selinssvc", "selinsgormv1", "selinsiface", "selinsifaceuse", "selinsports/postgres", "selinsports/signup", "selinssqlc/db", "selinssqlc/impl", "selinssqlc/svc", "selinsprepared", "selinscount")
}

// TestWalkLoops: SQL text held in locals assigned once from themselves. A
// walk that follows them without keeping what it is reading goes round,
// so they run in a child process.
func TestWalkLoops(t *testing.T) {
	analysistest.RunIsolated(t, selectinsert.Analyzer, "walkloops")
}
