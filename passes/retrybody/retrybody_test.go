package retrybody_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/retrybody"
)

func Test(t *testing.T) {
	analysistest.Run(t, retrybody.Analyzer, "apiclient", "body", "invoicing/billing", "lookalikes/redelivered", "fulfil/warehouse", "notify/webhook", "invoicing/gotoretry", "sdkcore", "authretry", "consumehelper/js", "consumehelper/app", "rewound", "closedsender", "optionsbody")
}

// TestWalkLoops: requests kept in locals assigned from each other. A walk
// that follows them without keeping what it is following goes round, so
// they run in a child process.
func TestWalkLoops(t *testing.T) {
	analysistest.RunIsolated(t, retrybody.Analyzer, "walkloops")
}
