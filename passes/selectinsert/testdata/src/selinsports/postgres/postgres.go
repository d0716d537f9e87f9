// Package postgres implements the ports on database/sql.
package postgres

import (
	"context"
	"database/sql"
)

type Accounts struct{ db *sql.DB }

func (a *Accounts) HandleTaken(ctx context.Context, handle string) (bool, error) { // want HandleTaken:`checks accounts`
	var ok bool
	err := a.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM accounts WHERE handle = $1)`, handle).Scan(&ok)
	return ok, err
}

func (a *Accounts) Insert(ctx context.Context, handle string) (int64, error) { // want Insert:`inserts into accounts`
	var id int64
	err := a.db.QueryRowContext(ctx, `INSERT INTO accounts (handle) VALUES ($1) RETURNING id`, handle).Scan(&id)
	return id, err
}

type Invites struct{ db *sql.DB }

func (i *Invites) Exists(ctx context.Context, code string) (bool, error) { // want Exists:`checks invites`
	var ok bool
	err := i.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM invites WHERE code = $1)`, code).Scan(&ok)
	return ok, err
}

func (i *Invites) Insert(ctx context.Context, code string) error { // want Insert:`inserts into invites`
	_, err := i.db.ExecContext(ctx, `INSERT INTO invites (code) VALUES ($1)`, code)
	return err
}

// CachedInvites is a second implementation of ports.Invites.
type CachedInvites struct{ *Invites }

func (c *CachedInvites) Exists(ctx context.Context, code string) (bool, error) {
	return false, nil
}
