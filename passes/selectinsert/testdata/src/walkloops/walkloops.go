// Package walkloops holds SQL text in locals assigned once from
// themselves: reading a query through the value of a local must stop at a
// local it is already reading.
package walkloops

import (
	"context"
	"database/sql"
	"errors"
)

// The query is built onto itself: its text cannot be read, so the SELECT
// is not known to look for the row the insert adds.
func selfQuery(ctx context.Context, db *sql.DB, ref string) error { // want selfQuery:`inserts into orders`
	var q string
	q = q + "SELECT id FROM orders WHERE ref = $1"
	var id int64
	err := db.QueryRowContext(ctx, q, ref).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, "INSERT INTO orders (ref) VALUES ($1)", ref)
	}
	return err
}

// The insert is built onto itself: what is left is a function that
// checks for the row.
func selfInsert(ctx context.Context, db *sql.DB, ref string) error { // want selfInsert:`checks orders\(ref\)`
	var ins string
	ins = ins + "INSERT INTO orders (ref) VALUES ($1)"
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, ins, ref)
	}
	return err
}
