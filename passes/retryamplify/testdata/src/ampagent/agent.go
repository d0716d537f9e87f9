// Package ampagent answers tool calls of a session through the generated
// client, with a retry loop of its own around a call that already retries.
package ampagent

import (
	"context"
	"log/slog"
	"math/rand"
	"time"

	"ampsdk"
)

type Runner struct {
	sessions *ampsdk.SessionService
	session  string
	log      *slog.Logger
}

func (r *Runner) postResult(ctx context.Context, ev ampsdk.Event) bool { // want postResult:`retries\(attempts=0\)`
	for attempt := range 3 {
		err := r.sessions.Send(ctx, r.session, []ampsdk.Event{ev}) // want `retry inside a retry: every outer attempt runs the inner retry again, so the attempts multiply`
		if err == nil {
			return true
		}
		r.log.Warn("send failed", "attempt", attempt+1, "error", err)
		time.Sleep(time.Duration(attempt+1)*time.Second + time.Duration(rand.Int63n(int64(time.Second))))
	}
	return false
}
