// Package selinshelper holds read helpers and a unique-violation detector
// used by package selins, to check the facts across packages.
package selinshelper

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// OrderExists reports whether an order with the reference exists.
func OrderExists(ctx context.Context, db *sql.DB, ref string) (bool, error) { // want OrderExists:`counts orders\(ref\)`
	var n int
	err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM orders WHERE ref = $1", ref).Scan(&n)
	return n > 0, err
}

// IsUniqueViolation tells a duplicate apart.
func IsUniqueViolation(err error) bool { // want IsUniqueViolation:`detects unique violations`
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}
