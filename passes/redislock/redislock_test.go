package redislock_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/redislock"
)

func Test(t *testing.T) {
	analysistest.Run(t, redislock.Analyzer, "goredis", "goredis8", "redigo", "rueidis", "rueidisb", "rlocks", "kvlock", "billingjobs", "leases", "leaseuse", "eventstore", "eventconsumer", "tokenlocks", "jobrunner", "jobstest", "queuectl", "aliasedclient", "createonce")
}

// TestWalkLoops: lock keys held in locals assigned once from themselves.
// A walk that follows them without keeping what it is reading goes
// round, so they run in a child process.
func TestWalkLoops(t *testing.T) {
	analysistest.RunIsolated(t, redislock.Analyzer, "walkloops")
}
