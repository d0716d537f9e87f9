package retrynonidempotent_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/retrynonidempotent"
)

func Test(t *testing.T) {
	analysistest.Run(t, retrynonidempotent.Analyzer, "apiclient", "idem", "httpkit", "billing", "payments", "jobs", "jobsapp", "awsledger", "shipping", "dnsapi/provider", "outbound/ledger", "orders/api", "orders/checkout", "orders/hooks", "cloudapi", "fulfil/idkeys", "fulfil/carrier", "fulfil", "forgeapi")
}
