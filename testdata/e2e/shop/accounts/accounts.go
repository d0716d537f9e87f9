// Package accounts is the users repository: package shop checks through it
// before it inserts.
package accounts

import (
	"context"
	"database/sql"
)

type Repo struct{ DB *sql.DB }

// EmailTaken reports whether a subscriber with the email exists.
func (r *Repo) EmailTaken(ctx context.Context, email string) (bool, error) {
	var n int
	err := r.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM subscribers WHERE email = $1`, email).Scan(&n)
	return n > 0, err
}

// Insert adds a subscriber and returns its id.
func (r *Repo) Insert(ctx context.Context, email, name string) (int64, error) {
	var id int64
	err := r.DB.QueryRowContext(ctx,
		`INSERT INTO subscribers (email, name) VALUES ($1, $2) RETURNING id`, email, name).Scan(&id)
	return id, err
}

// Upsert adds a subscriber or keeps the one there.
func (r *Repo) Upsert(ctx context.Context, email, name string) error {
	_, err := r.DB.ExecContext(ctx,
		`INSERT INTO subscribers (email, name) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`, email, name)
	return err
}
