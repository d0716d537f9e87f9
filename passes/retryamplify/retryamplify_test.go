package retryamplify_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/retryamplify"
)

func Test(t *testing.T) {
	analysistest.Run(t, retryamplify.Analyzer, "pollretry", "amplifydep", "amplifymid", "amplify", "ampkit", "ampsvc", "amplifyjobs", "grpcbilling", "grpccheckout", "awsqueue", "awsorders", "ampfailsafe", "redialkit", "redialsvc", "ampbroker", "gotokit", "gotosvc", "queuekit", "queueworkers", "ampagent", "ampends", "ampdisjoint", "ampconfig/lookupkit", "ampconfig", "ampcallback", "ampasync", "ampfailover", "ampqueue", "ampresty", "ampwrap", "issuerfailover")
}
