package retrybody_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/retrybody"
)

func Test(t *testing.T) {
	analysistest.Run(t, retrybody.Analyzer, "body", "invoicing/billing", "lookalikes/redelivered", "fulfil/warehouse", "notify/webhook", "invoicing/gotoretry", "sdkcore")
}
