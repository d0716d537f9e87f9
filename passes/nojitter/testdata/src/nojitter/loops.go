// want package:`waits afterFuncOutside cappedByBranch cappedByMask cappedByModulo clamp constant decorrelated doubling equalJitter floodClient.send fromParameter fullJitter global helperOtherPackage helperOtherPackageJittered helperSamePackage jitteredUncapped linear linearFewAttempts loading loadingAfterFailure localLimit mathMin oneOffRetry poll pow rateLimited readSecret renewOnce renewThrice selectAfter shifted sleepOnSuccessPath sometimesWaits stepped threeAttempts ticker timerReset twoAttempts uncappedHelper uncappedShift unstepped waitsInHelper`

package nojitter

import (
	"context"
	"database/sql/driver"
	"errors"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"jitterdep"
)

func op() error { return nil }

var retryInterval = 2 * time.Second

// --- reported ---

func constant() error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `retry delay has no jitter, so clients that failed together retry together; add a random part, e.g. d/2 \+ rand.N\(d/2\)`
	}
	return nil
}

func global() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(retryInterval) // want `retry delay has no jitter`
	}
}

func doubling() {
	d := 100 * time.Millisecond
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(d) // want `retry delay grows without a cap and has no jitter`
		d *= 2
	}
}

func shifted() {
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond << i) // want `retry delay grows without a cap and has no jitter`
	}
}

func linear() {
	for attempt := 1; attempt <= 10; attempt++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Duration(attempt) * time.Second) // want `retry delay grows without a cap and has no jitter`
	}
}

// A few attempts bound the growth (RULES.md: "grows without a cap" only of
// a delay that can exceed every constant): no jitter is what is left
// (shiori's retry on
// a locked SQLite database).
func linearFewAttempts() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond) // want `retry delay has no jitter`
	}
}

// The limit may be held in a local variable set once.
func localLimit() {
	maxRetries := 3
	for i := 0; i < maxRetries; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond) // want `retry delay has no jitter`
	}
}

func pow() {
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Duration(math.Pow(2, float64(i))) * time.Second) // want `retry delay grows without a cap and has no jitter`
	}
}

func jitteredUncapped() {
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		d := 100 * time.Millisecond << i
		time.Sleep(d + rand.N(d)) // want `retry delay grows without a cap; limit it with min\(d, maxDelay\) before adding jitter`
	}
}

func selectAfter(ctx context.Context) error {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond): // want `retry delay has no jitter`
		}
	}
	return nil
}

func timerReset() {
	t := time.NewTimer(0)
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		t.Reset(time.Second) // want `retry delay has no jitter`
		<-t.C
	}
}

func helperOtherPackage() {
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(jitterdep.Doubling(i)) // want `retry delay grows without a cap and has no jitter`
	}
}

func hot() {
	for i := 0; i < 5; i++ { // want `retry loop retries at once, with no delay between attempts`
		if err := op(); err == nil {
			return
		}
	}
}

func hotThreeAttempts() {
	for range 3 { // want `retry loop retries at once`
		if err := op(); err == nil {
			return
		}
	}
}

func hotWhileErr() {
	err := op()
	for err != nil { // want `retry loop retries at once`
		err = op()
	}
}

// --- not reported ---

// An optimistic transaction that lost a race is retried at once (the
// go-redis documentation's idiom): the dependency is not failing.
func optimistic(ctx context.Context, rdb *redis.Client) error {
	for i := 0; i < 100; i++ {
		err := rdb.Watch(ctx, func(tx *redis.Tx) error { return nil }, "key")
		if err == nil {
			return nil
		}
		if err == redis.TxFailedErr {
			continue
		}
		return err
	}
	return errors.New("too much contention")
}

// One immediate retry on a broken pooled connection, as database/sql
// does: nothing was sent, and the retry takes a new connection.
func retryOnceAtOnce() error {
	for i := 0; i < 2; i++ {
		err := op()
		if err == nil || !errors.Is(err, driver.ErrBadConn) {
			return err
		}
	}
	return op()
}

// A search for a free name: waiting would not make the taken name free.
func freeName(dir string) (string, error) {
	try := 0
	for {
		name := dir + strconv.Itoa(rand.Int())
		err := os.Mkdir(name, 0o700)
		if err == nil {
			return name, nil
		}
		if os.IsExist(err) {
			if try++; try < 100 {
				continue
			}
		}
		return "", err
	}
}

func freeDir(dir string) error {
	for try := 0; try < 100; try++ {
		err := os.Mkdir(dir+strconv.Itoa(rand.Int()), 0o700)
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
	}
	return errors.New("no free name")
}

func fullJitter() {
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return
		}
		d := min(100*time.Millisecond<<i, 5*time.Second)
		time.Sleep(rand.N(d))
	}
}

func equalJitter() {
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return
		}
		d := min(100*time.Millisecond<<i, 5*time.Second)
		time.Sleep(d/2 + rand.N(d/2))
	}
}

func clamp() {
	d := 100 * time.Millisecond
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		d *= 2
		if d > 10*time.Second {
			d = 10 * time.Second
		}
		time.Sleep(d/2 + time.Duration(rand.Int64N(int64(d/2))))
	}
}

func mathMin() {
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		d := time.Duration(math.Min(float64(time.Second<<i), float64(time.Minute)))
		time.Sleep(d + time.Duration(rand.Float64()*float64(time.Second)))
	}
}

func decorrelated() {
	base, maxD := 100*time.Millisecond, 10*time.Second
	sleep := base
	for i := 0; i < 10; i++ {
		if err := op(); err == nil {
			return
		}
		sleep = min(maxD, base+rand.N(sleep*3))
		time.Sleep(sleep)
	}
}

func localHelper(attempt int) time.Duration { // want localHelper:`delay\(random=true\ capped=false\ grows=false\)`
	d := min(time.Second<<attempt, time.Minute)
	return rand.N(d)
}

func helperSamePackage() {
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(localHelper(i))
	}
}

func helperOtherPackageJittered() {
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(jitterdep.Jittered(i))
	}
}

func waitsInHelper(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return nil
		}
		if err := jitterdep.SleepCtx(ctx, jitterdep.Jittered(i)); err != nil {
			return err
		}
	}
	return nil
}

func fromParameter(d time.Duration) { // want fromParameter:`retries at once when parameter 0 is 0`
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(d) // a configured delay: judged where it is computed
	}
}

func ticker() {
	t := time.NewTicker(time.Second) // not a retry site
	for range t.C {
		_ = op()
	}
}

func poll() error {
	for {
		if err := op(); err != nil {
			return err
		}
		time.Sleep(time.Second) // polling on success: not a retry path
	}
}

func oneOffRetry() error {
	if err := op(); err != nil {
		time.Sleep(time.Second) // a single fixed delay before one retry: no loop
		return op()
	}
	return nil
}

func rateLimited(items []string) {
	for range items {
		_ = op()
		time.Sleep(100 * time.Millisecond) // pacing a batch, not a retry
	}
}

func sleepOnSuccessPath() error {
	for i := 0; i < 3; i++ {
		err := op()
		if err != nil {
			time.Sleep(jitterdep.Jittered(i))
			continue
		}
		time.Sleep(time.Second) // after a success: not on the retry path
		return nil
	}
	return nil
}

func afterFuncOutside() {
	time.AfterFunc(time.Second, func() { _ = op() })
}

// Whether it waits at all is random; the wait that always runs is reported.
func sometimesWaits() {
	for {
		if rand.IntN(10) == 0 {
			time.Sleep(500 * time.Millisecond)
		}
		if err := op(); err == nil {
			return
		}
		time.Sleep(500 * time.Millisecond) // want `retry delay has no jitter`
	}
}
