package retrynonidempotent_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/retrynonidempotent"
)

func Test(t *testing.T) {
	analysistest.Run(t, retrynonidempotent.Analyzer, "cliaction", "nonceretry", "varheaders", "apiclient", "idem", "httpkit", "billing", "payments", "notify", "jobs", "jobsapp", "awsledger", "shipping", "dnsapi/provider", "outbound/ledger", "orders/api", "orders/checkout", "orders/hooks", "cloudapi", "fulfil/idkeys", "fulfil/carrier", "fulfil", "forgeapi", "opsink", "readback", "tokenloop", "retrypred", "graphqlread", "rokopost", "varmaps", "prefixhdrs", "slackretry", "consumehelper/js", "consumehelper/app", "optmethod", "gotopost", "sdkopts", "exporter", "checkoption", "locallit", "caslock", "retrierloop", "rangefailover", "condwait", "periodicpost", "sdkconfig/requestconfig", "sdkconfig/api", "confheaders", "failedbatch", "reqseam/sysutil", "reqseam", "tfretry", "rewound")
}

// TestWalkLoops: header maps, option structs, keys and requests held in
// locals assigned from each other. A walk that follows them without
// keeping what it is reading goes round, so they run in a child process.
func TestWalkLoops(t *testing.T) {
	analysistest.RunIsolated(t, retrynonidempotent.Analyzer, "walkloops")
}
