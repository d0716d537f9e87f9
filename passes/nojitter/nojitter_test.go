package nojitter_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
	"github.com/idemlint/idemlint/passes/nojitter"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, nojitter.Analyzer, "nojitter", "jitterdep", "policydep", "rhttp", "rhttpjittered", "rhttpoff", "rhttpfactory", "rhttpexplicit", "waitdep", "waitsvc", "redelivered", "grpcdial", "awsbackoffdep", "awsbackoff", "backoffdep", "reconnsvc", "failsafejit")
}
