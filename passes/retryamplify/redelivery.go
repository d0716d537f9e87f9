package retryamplify

import (
	"fmt"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// redelivered reports whether a site is a handler whose framework runs it
// again when it fails: its retries multiply those inside it. A Kafka
// consumer is redelivered only what it had not committed when it died, so
// a retry inside one is the only retry there is, and is not counted; a
// broker's consumer that asks for the redelivery itself (msg.Nak()) is.
func redelivered(s *retrysite.Site) bool {
	return s.Kind == retrysite.Redelivery && (s.Redelivery.F.RetriesErrors || s.Redelivery.Naks)
}

// redeliveryMessage is the message for a retry inside a redelivered
// handler: the framework's runs times the inner attempts.
func redeliveryMessage(r *retrysite.Redelivered, inner int) string {
	runs := "retries with no limit by default"
	if r.Attempts > 0 {
		runs = fmt.Sprintf("runs up to %d times", r.Attempts)
	}
	count := "the attempts multiply"
	if r.Attempts > 0 && inner > 0 {
		count = fmt.Sprintf("%d x %d = %d calls when the dependency keeps failing", r.Attempts, inner, r.Attempts*inner)
	}
	return fmt.Sprintf("retry inside %s, which %s %s: every run repeats this retry, so %s; retry at one layer only, and let %s retry the %s", r.Describe(), r.F.Name, runs, count, r.F.Name, r.F.Unit)
}
