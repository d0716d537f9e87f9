package unboundedretry_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/unboundedretry"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, unboundedretry.Analyzer, "pollcount", "unbounded", "unboundedhelper", "pacing", "broker", "lookalikes/redelivered", "grpcdial", "awsretryer", "failsafebound", "optsvc", "resync", "gotoretry", "gotohandler", "schedrange", "resiliency", "tickdaemon", "closecheck", "drains", "zerolimit", "failpaths", "walkup", "backoffmajors", "retrygov5", "clampcleanup", "stopdecision", "errchain", "drainframes", "poptargets", "ctxhelper", "storedstatus", "stopdefault", "receivetimeout", "assertpoll", "exitlog", "contflag", "keptbound", "loggedserve", "rejoin", "fetcherstop", "putup", "closedstop", "notfoundpoll", "donepred", "stoppedwatch")
}

// TestRangeIter: ranging over a retry iterator of another package is a retry
// loop, judged through the iterator's wait and bound.
func TestRangeIter(t *testing.T) {
	analysistest.Run(t, unboundedretry.Analyzer, "rangeiter/blobstore")
}

// TestRepairStep: a repair step's own check keeps the failed attempt
// failed, and a counter compared in a conjunction bounds only its true
// side.
func TestRepairStep(t *testing.T) {
	analysistest.Run(t, unboundedretry.Analyzer, "repairstep")
}
