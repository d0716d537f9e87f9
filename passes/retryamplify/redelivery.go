package retryamplify

import (
	"fmt"
	"go/token"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// redelivered reports whether a site is a handler whose framework runs it
// again when it fails: its retries multiply those inside it. A Kafka
// consumer is redelivered only what it had not committed when it died, so
// a retry inside one is the only retry there is, and is not counted; a
// broker's consumer that asks for the redelivery itself (msg.Nak()) is,
// and so is one that leaves a failed message unacknowledged where the
// broker sends it again (an SQS message not deleted: Skips).
func redelivered(s *retrysite.Site) bool {
	return s.Kind == retrysite.Redelivery && (s.Redelivery.F.RetriesErrors || s.Redelivery.Naks || len(s.Redelivery.Skips) > 0)
}

// skipFollows reports whether the retry at pos runs before a failure of
// the consumer can leave its message for redelivery: always for a
// framework that runs failed handlers again or a consumer that naks, and
// for one counted by its skips, when a skip ends after pos (a retry
// after the last skip whose failure acknowledges is the only retry).
func skipFollows(s *retrysite.Site, pos token.Pos) bool {
	r := s.Redelivery
	if r == nil || r.F.RetriesErrors || r.Naks {
		return true
	}
	for _, skip := range r.Skips {
		if skip.End() > pos {
			return true
		}
	}
	return false
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
