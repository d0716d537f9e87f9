package retrysite_test

import (
	"testing"

	"github.com/idemlint/idemlint/analysistest"
)

func TestLoopShapes(t *testing.T) {
	analysistest.Run(t, show, "loopshapes", "loopshapes/waitfor", "reconnect")
}
