// want package:`waits Manager.Run Manager.RunConfigured Manager.RunJittered Manager.RunSpread Redial Resync`

package reconnsvc

import (
	"context"
	"time"

	"backoffdep"
)

// Resync waits a capped delay from Doubler.Next: no jitter, but capped.
func Resync(ctx context.Context, sync func(context.Context) error) error {
	b := &backoffdep.Doubler{Base: 100 * time.Millisecond, Max: 30 * time.Second}
	var err error
	for range 5 {
		if err = sync(ctx); err == nil {
			return nil
		}
		time.Sleep(b.Next()) // want `retry delay has no jitter, so`
	}
	return err
}

// Redial waits Shifted's delay, which never stops growing while the
// caller's context lasts.
func Redial(ctx context.Context, dial func(context.Context) error) error {
	var err error
	for attempt := 0; ctx.Err() == nil; attempt++ {
		if err = dial(ctx); err == nil {
			return nil
		}
		time.Sleep(backoffdep.Shifted(time.Second, time.Minute, attempt)) // want `retry delay grows without a cap`
	}
	return err
}
