package unboundedretry_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/unboundedretry"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, unboundedretry.Analyzer, "unbounded", "unboundedhelper", "pacing", "broker", "lookalikes/redelivered", "grpcdial", "awsretryer", "failsafebound")
}
