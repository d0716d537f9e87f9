package unboundedretry_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/unboundedretry"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, unboundedretry.Analyzer, "unbounded", "unboundedhelper", "pacing", "broker", "lookalikes/redelivered", "grpcdial", "awsretryer", "failsafebound", "optsvc", "resync", "gotoretry", "gotohandler", "schedrange", "resiliency", "failpaths")
}

// TestRangeIter: ranging over a retry iterator of another package is a retry
// loop, judged through the iterator's wait and bound.
func TestRangeIter(t *testing.T) {
	analysistest.Run(t, unboundedretry.Analyzer, "rangeiter/blobstore")
}
