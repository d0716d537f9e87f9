package retryclienterror

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// reportHandlerStatus reports a redelivered handler that fails on every
// non-success status: its framework runs it again on any error it
// returns, so a 4xx is retried as often as a 503. RULES.md is silent on
// handlers here; the framework's retry is a retry site like any other
// (RULES.md, "Redelivery"), and its own way to fail for good is the fix.
func reportHandlerStatus(pass *analysis.Pass, s *retrysite.Site) {
	r := s.Redelivery
	again, stop := "runs it again on an error", r.F.Stop
	if r.FailNaks && !r.F.RetriesErrors {
		// A consumer helper of the program naks what its handler failed on.
		again, stop = "redelivers what it fails on", "report success to the consumer so the message is acknowledged, and drop it or send it to a dead-letter queue"
	}
	msg := fmt.Sprintf("this %s fails on every non-success status, 4xx included, and %s %s, %s: a 4xx fails the same way every time; for 4xx, %s",
		r.F.Handler, r.F.Name, again, r.Runs(), stop)
	send := s.Fail.Sends[0]
	d := analysis.Diagnostic{Pos: send.Pos(), End: send.End(), Message: msg}
	if at := innerSend(pass, send); at != ast.Node(send) {
		// The request is sent in a function the handler calls: report
		// it there, where the status test is fixed.
		d.Pos, d.End = at.Pos(), at.End()
		d.Related = []analysis.RelatedInformation{{Pos: send.Pos(), End: send.End(), Message: "the handler sends it through this call"}}
	}
	report.Report(pass, d)
}
