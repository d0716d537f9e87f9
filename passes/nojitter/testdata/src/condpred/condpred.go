// want package:`waits connect drain open publish saveAll`

// Package condpred retries while a predicate of the attempt's error, in
// the loop's condition, says the failure may pass.
package condpred

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

func isTemporary(err error) bool { return errors.Is(err, context.DeadlineExceeded) }

// connect pings again on each tick while the failure is temporary.
func connect(ctx context.Context, db *sql.DB) error {
	err := db.PingContext(ctx)
	if err == nil {
		return nil
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for isTemporary(err) {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C: // want `retry delay has no jitter`
			err = db.PingContext(ctx)
		}
	}
	return err
}

// open sleeps a fixed second between pings.
func open(ctx context.Context, db *sql.DB) error {
	err := db.PingContext(ctx)
	for i := 0; i < 5 && isTemporary(err); i++ {
		time.Sleep(time.Second) // want `retry delay has no jitter`
		err = db.PingContext(ctx)
	}
	return err
}

type batch struct{ rows []string }

// Next advances to the next row.
func (b *batch) Next() bool {
	if len(b.rows) == 0 {
		return false
	}
	b.rows = b.rows[1:]
	return true
}

// saveAll iterates rows, pausing after a failed one: a walk.
func saveAll(ctx context.Context, db *sql.DB, b *batch) {
	for b.Next() {
		if _, err := db.ExecContext(ctx, "insert into t values ($1)", b.rows[0]); err != nil {
			time.Sleep(time.Second)
		}
	}
}

var errNoResponders = errors.New("no responders")

// publish retries only while nobody answered, the sentinel tested in the
// condition by errors.Is beside the attempt counter.
func publish(ctx context.Context, db *sql.DB, attempts int) error {
	_, err := db.ExecContext(ctx, "insert into t values (1)")
	for r := 0; errors.Is(err, errNoResponders) && r < attempts; r++ {
		select {
		case <-ctx.Done():
		case <-time.After(250 * time.Millisecond): // want `retry delay has no jitter`
		}
		_, err = db.ExecContext(ctx, "insert into t values (1)")
	}
	return err
}

var errMore = errors.New("more rows")

// drain reads page after page while the last answer says there is more:
// each round asks for the next page, not the failed one again.
func drain(ctx context.Context, db *sql.DB) error {
	page := 0
	_, err := db.ExecContext(ctx, "select page($1)", page)
	for errors.Is(err, errMore) {
		time.Sleep(time.Second)
		page++
		_, err = db.ExecContext(ctx, "select page($1)", page)
	}
	return err
}
