// want package:`waits connect open saveAll`

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
