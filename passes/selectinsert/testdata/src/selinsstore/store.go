// Package selinsstore is a repository package: reads, query helpers and
// inserts that package selinssvc calls, to check the Facts across
// packages.
package selinsstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
)

// ErrNotFound is returned when no row matches.
var ErrNotFound = errors.New("store: not found")

// Querier is what *sql.DB and *sql.Tx have in common here.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// MemberIDByEmail returns the id of the member with the e-mail address.
func MemberIDByEmail(ctx context.Context, q Querier, email string) (int64, error) { // want MemberIDByEmail:`checks members\(email\)`
	var id int64
	err := q.QueryRowContext(ctx, "SELECT id FROM members WHERE email = $1", email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return id, err
}

// Found runs a query that selects one constant and reports whether it
// returned a row.
func Found(ctx context.Context, q Querier, query string, args ...any) (bool, error) { // want Found:`runs the SQL of parameter 2`
	var one int
	err := scanOne(ctx, q, query, args, &one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// scanOne is the query helper Found goes through.
func scanOne(ctx context.Context, q Querier, query string, args []any, dest any) error { // want scanOne:`runs the SQL of parameter 2`
	return q.QueryRowContext(ctx, query, args...).Scan(dest)
}

// IDBy returns the id a query selects, and whether there was one.
func IDBy(ctx context.Context, q Querier, query string, args ...any) (int64, bool, error) { // want IDBy:`runs the SQL of parameter 2`
	var id int64
	switch err := q.QueryRowContext(ctx, query, args...).Scan(&id); {
	case errors.Is(err, sql.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("store: %w", err)
	}
	return id, true, nil
}

// AddMember inserts a member.
func AddMember(ctx context.Context, q Querier, email string) error { // want AddMember:`inserts into members`
	_, err := q.ExecContext(ctx, "INSERT INTO members (email) VALUES ($1)", email)
	return err
}

// AddTag inserts a tag, or does nothing when it exists: the conflict
// clause makes it safe, so it has no Fact.
func AddTag(ctx context.Context, q Querier, name string) error {
	_, err := q.ExecContext(ctx, "INSERT INTO tags (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", name)
	return err
}

// AddLabel inserts a label and treats a duplicate as done: the unique
// violation check shows a constraint backs it, so it has no Fact.
func AddLabel(ctx context.Context, q Querier, name string) error { // want AddLabel:`detects unique violations`
	_, err := q.ExecContext(ctx, "INSERT INTO labels (name) VALUES ($1)", name)
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return nil
	}
	return err
}
