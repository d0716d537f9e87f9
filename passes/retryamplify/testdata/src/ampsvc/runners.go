package ampsvc

import (
	"context"
	"math/rand/v2"
	"time"

	"ampkit"
)

// Reindex retries an operation that runs ampkit's retrier, reached
// through its Runner interface.
func Reindex(ctx context.Context, r ampkit.Runner, op func() error) error { // want Reindex:`retries\(attempts=12\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = r.Run(ctx, op); err == nil { // want `3 x 4 = 12 calls when the dependency keeps failing; retry at one layer only, here or in ampkit.Runner.Run`
			return nil
		}
		time.Sleep(time.Duration(rand.N(500)) * time.Millisecond)
	}
	return err
}

// Notify retries through a Sender, which may or may not retry: silent.
func Notify(ctx context.Context, s ampkit.Sender) error { // want Notify:`retries\(attempts=3\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = s.Send(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.N(500)) * time.Millisecond)
	}
	return err
}
