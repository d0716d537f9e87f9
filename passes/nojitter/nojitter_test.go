package nojitter_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/nojitter"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter", "jitterdep", "policydep", "rhttp", "rhttpjittered", "rhttpoff", "rhttpfactory", "rhttpexplicit", "waitdep", "waitsvc", "redelivered", "grpcdial", "awsbackoffdep", "awsbackoff", "backoffdep", "reconnsvc", "failsafejit", "polldep", "pollsvc", "groupsvc", "streamsvc", "delayoptsdep", "delayoptsvc", "redial", "pacer", "keptpolicy", "closuredelay", "gotoretry", "rhttplimit", "rhttplimitoff", "backoffmajors", "retrygov5", "rhttpbackoff", "rhttpclients", "rhttpconfigure", "schedule", "gotohandler", "schedrange", "failpaths", "retryafter/httputil", "retryafter", "resiliency", "tickdaemon", "parsedelay", "rokoretry", "zerodelay", "zerodelayuse", "optionfield", "schedms", "typedfail", "skipset", "authrenew", "pausetick", "wsbackoff", "recurstatus", "slackwait", "maperr", "condpred", "failover", "closurewait", "connectloop", "timerworker", "heldretry", "confbackoff", "probecond", "gotowait", "serverpool", "watchdog", "drainframes", "simwork", "sleepbackoff", "poptargets", "structopt", "rhttpreturned", "acceptloop", "healthmock", "statuspoll", "signinwait", "funcfield", "tickermaker", "fieldclamp", "caslock", "errcalltest", "probefield", "hookflag", "drainpick", "flagpoll", "probeback", "redialread", "loggedserve", "retryflag", "rcodepoll", "answerflag", "rejoin", "powcap", "attemptbackoff", "cleanupstep", "queueworker", "norespdep", "noresp", "pausedfetch", "failedbatch", "exhaustedrec", "relayed", "stopcheck", "ownpolicy", "tfretry", "condcandidate", "modfdelay", "awsfixed", "swallowedstream", "settingpoll", "randomdraw", "refreshwait", "casread", "copiedout", "goattempt")
}

// TestRangeIter: ranging over a retry iterator of another package is a retry
// loop, judged through the iterator's wait and bound.
func TestRangeIter(t *testing.T) {
	analysistest.Run(t, nojitter.Analyzer, "rangeiter/blobstore")
}

// TestLocalCycles: wait helpers whose locals are defined from each other
// (a swap, a rotation, d = d + d/2). Reading them once overflowed the
// stack, so they run in a child process.
func TestLocalCycles(t *testing.T) {
	analysistest.RunIsolated(t, nojitter.Analyzer, "localcycles")
}

// TestSelfReferences: closures, locals, fields and types defined from
// themselves or each other, as delays, waits, operations, policies and
// clients. They run in a child process, so a walk that goes round fails
// this test alone.
func TestSelfReferences(t *testing.T) {
	analysistest.RunIsolated(t, nojitter.Analyzer, "selfref")
}

// TestHeldCounter: a retry whose failure count is kept by the caller and
// reached through a pointer parameter.
func TestHeldCounter(t *testing.T) {
	analysistest.Run(t, nojitter.Analyzer, "heldcounter")
}

// TestLockWait: a lock not taken is a failed attempt, whatever the arity of
// the call that says so; any other boolean "not yet" is a poll.
func TestLockWait(t *testing.T) {
	analysistest.Run(t, nojitter.Analyzer, "lockwait")
}

// TestRepairStep: a repair step's own check keeps the failed attempt
// failed; a single refresh-then-retry is not a hot loop.
func TestRepairStep(t *testing.T) {
	analysistest.Run(t, nojitter.Analyzer, "repairstep")
}
