package unbounded

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"

	"unboundedhelper"
)

func op() error                    { return nil }
func get() (*http.Response, error) { return nil, nil }

// --- unbounded loops ---

func bare() {
	for { // want `retry loop can run forever: nothing on its retry path limits the attempts, sets a deadline or checks a context; allow at most a few attempts and stop when the caller's context is done`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func counterNeverTested() {
	for i := 0; ; i++ { // want `retry loop can run forever`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
}

// counterOnlyOnSuccess goes round after a success too, but its failure
// path goes round to the same call, and the counter it tests counts
// successes: nothing ends the retries while op keeps failing.
func counterOnlyOnSuccess() int {
	n := 0
	for { // want `retry loop can run forever: a failed attempt goes round to the same call`
		if err := op(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		n++
		if n > 3 {
			return n
		}
	}
}

func whileErr() error {
	err := op()
	for err != nil { // want `retry loop can run forever`
		time.Sleep(time.Second)
		err = op()
	}
	return nil
}

func status() *http.Response {
	for { // want `retry loop can run forever`
		resp, err := get()
		if err != nil || resp.StatusCode >= 500 {
			continue
		}
		return resp
	}
}

func ctxOnlyOnSuccess(ctx context.Context) error {
	for { // want `retry loop can run forever`
		err := op()
		if err == nil {
			return ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

func doneFlag() {
	done := false
	for !done { // want `retry loop can run forever`
		if err := op(); err == nil {
			done = true
		}
	}
}

func gotoNotNeeded() {
	for { // want `retry loop can run forever`
		err := op()
		var ne net.Error
		if errors.As(err, &ne) {
			continue
		}
		if err != nil {
			continue
		}
		break
	}
}

func usesHelper() {
	unboundedhelper.Forever(op) // reported at the helper's loop, not here
}

// --- bounded loops ---

func counted() error {
	var err error
	for i := 0; i < 3; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func rangeN() error {
	var err error
	for range 5 {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

func attemptsInBody() error {
	attempts := 0
	for {
		err := op()
		if err == nil {
			return nil
		}
		attempts++
		if attempts >= 5 {
			return err
		}
		time.Sleep(time.Second)
	}
}

func decrement() error {
	retries := 3
	for {
		err := op()
		if err == nil {
			return nil
		}
		if retries == 0 {
			return err
		}
		retries--
	}
}

func deadline() error {
	deadline := time.Now().Add(time.Minute)
	for {
		err := op()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func since() error {
	start := time.Now()
	for {
		if err := op(); err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return errors.New("timed out")
		}
	}
}

func selectCtx(ctx context.Context) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func ctxErr(ctx context.Context) error {
	for {
		if err := op(); err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error { return ctx.Err() }

func ctxAwareWait(ctx context.Context) error {
	for {
		err := op()
		if err == nil {
			return nil
		}
		if werr := sleepCtx(ctx, time.Second); werr != nil {
			return werr
		}
	}
}

func condCounter() error {
	var err error
	for attempt := 0; attempt < 4 && err != nil; attempt++ {
		err = op()
	}
	return err
}

// Not retry loops at all: never reported.

func acceptLoop(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			continue
		}
		go c.Close()
	}
}

func worker(jobs chan func() error) {
	for j := range jobs {
		if err := j(); err != nil {
			continue
		}
	}
}

func reader() error {
	for {
		if err := op(); err != nil {
			return err
		}
	}
}

func ignoredByDirective() {
	//idemlint:ignore unboundedretry the supervisor restarts us, and we want to wait forever
	for {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
