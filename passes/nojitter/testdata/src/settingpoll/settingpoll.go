// want package:`waits Listener.WaitAny Listener.next RunJittered RunWhileOK RunWithRetry`

// Package settingpoll: a failure told by its gRPC code is a failure; a
// delay looked up by a constant name is a setting, fixed.
package settingpoll

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"settingpoll/cli"
)

type Listener struct {
	db       *sql.DB
	interval time.Duration
}

func (l *Listener) next(ctx context.Context) (string, error) {
	var s string
	err := l.db.QueryRowContext(ctx, "SELECT payload FROM notifications LIMIT 1").Scan(&s)
	return s, err
}

// Reported: every error goes round after the same wait.
func (l *Listener) WaitAny(ctx context.Context) (string, error) {
	for {
		s, err := l.next(ctx)
		if err != nil {
			time.Sleep(2 * time.Second) // want `retry delay has no jitter`
			continue
		}
		return s, nil
	}
}

func run(ctx context.Context) error { return status.Error(codes.Unavailable, "down") }

// Reported: a failure told by its gRPC code waits a flag's delay.
func RunWithRetry(ctx context.Context, c *cli.Command, tries int) error {
	delay := c.Duration("connect-retry-delay")
	var err error
	for range tries {
		err = run(ctx)
		if code := status.Code(err); code == codes.Unavailable || code == codes.DeadlineExceeded {
			time.Sleep(delay) // want `retry delay has no jitter`
		} else {
			break
		}
	}
	return err
}

// Not reported: the flag's delay with jitter added.
func RunJittered(ctx context.Context, c *cli.Command, tries int) error {
	delay := c.Duration("connect-retry-delay")
	var err error
	for range tries {
		err = run(ctx)
		if status.Code(err) != codes.Unavailable {
			break
		}
		time.Sleep(delay/2 + rand.N(delay/2))
	}
	return err
}

// Not reported: the loop goes round only while the call succeeds (code
// OK): a schedule of successes, not a retry.
func RunWhileOK(ctx context.Context) {
	for {
		err := run(ctx)
		if status.Code(err) != codes.OK {
			return
		}
		time.Sleep(time.Second)
	}
}
