package redislock_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/redislock"
)

func Test(t *testing.T) {
	analysistest.Run(t, redislock.Analyzer, "goredis", "goredis8", "redigo", "rueidis", "rueidisb", "rlocks", "kvlock", "billingjobs", "leases", "leaseuse", "eventstore", "eventconsumer", "tokenlocks", "jobrunner", "jobstest", "queuectl")
}
