package selins

import (
	"context"
	"database/sql"
)

// Check-then-insert in the body of a switch or select case, which is a
// list of statements and no block: an if that leaves before the insert
// decides it there as in a block.

type job struct{ kind, ref string }

func importCase(ctx context.Context, db *sql.DB, j job) error {
	switch j.kind {
	case "order":
		var n int
		if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM orders WHERE ref = $1", j.ref).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		_, err := db.ExecContext(ctx, insertOrder, j.ref, 1) // want `insert into orders runs only when the SELECT COUNT at line 18 found nothing`
		return err
	}
	return nil
}

func consume(ctx context.Context, db *sql.DB, in <-chan string) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ref := <-in:
			var n int
			if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM orders WHERE ref = $1", ref).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				continue
			}
			if _, err := db.ExecContext(ctx, insertOrder, ref, 1); err != nil { // want `insert into orders runs only when the SELECT COUNT at line 37 found nothing`
				return err
			}
		}
	}
}

// caseLogs only logs what it found: the insert runs either way.
func caseLogs(ctx context.Context, db *sql.DB, j job, logf func(string, ...any)) error {
	switch j.kind {
	case "order":
		var n int
		if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM orders WHERE ref = $1", j.ref).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			logf("order %s seen %d times", j.ref, n)
		}
		_, err := db.ExecContext(ctx, insertOrder, j.ref, 1)
		return err
	}
	return nil
}
