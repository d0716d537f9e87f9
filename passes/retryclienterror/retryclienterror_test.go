package retryclienterror_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/retryclienterror"
)

func Test(t *testing.T) {
	analysistest.Run(t, retryclienterror.Analyzer, "sentinelstatus", "pollretry", "clienterr", "shipkit/carriers", "jobstatus", "rangeiter/blobstore", "zonesync/provider", "ledgersync/reconcile", "pricefeed/quotes", "paygate/retryutil", "paygate/reconcile", "sinkstatus", "retrypred", "rokoapi", "wrapsend", "slackstatus", "readfirst", "bodydelay", "consumehelper/js", "consumehelper/app", "passerr", "deferread", "madepred", "sendercheck", "senderchain", "signinpoll", "failoverlist", "retryflag", "tfretry", "statusset")
}
