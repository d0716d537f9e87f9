package selinsiface

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

var errNameInUse = errors.New("name already in use")

// Service creates workspaces.
type Service struct {
	store Store
	cache Cache
	db    *sql.DB
}

// Create checks the name through the Store interface and creates through
// it: its one implementation reads and inserts the same model.
func (s *Service) Create(ctx context.Context, name string) (*Workspace, error) {
	existing, err := s.store.WorkspaceByName(ctx, name)
	if err == nil && existing != nil {
		return nil, errNameInUse
	}
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	w := &Workspace{Name: name}
	if err := s.store.CreateWorkspace(ctx, w); err != nil { // want `insert into Workspace in CreateWorkspace\(\) runs only when the WorkspaceByName\(\) at line 24 found nothing`
		return nil, err
	}
	return w, nil
}

// CreateCached checks through an interface with two implementations: the
// read cannot be pinned down, so nothing is said.
func (s *Service) CreateCached(ctx context.Context, name string) error { // want CreateCached:`inserts into workspaces`
	ok, err := s.cache.Has(ctx, name)
	if err != nil || ok {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO workspaces (name) VALUES ($1)`, name)
	return err
}

// CreateInSchema names the table with a schema chosen at run time.
func (s *Service) CreateInSchema(ctx context.Context, schema, name string) error {
	var n int
	if err := s.db.QueryRowContext(ctx, fmt.Sprintf(`SELECT count(*) FROM %s.workspaces WHERE name = $1`, schema), name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errNameInUse
	}
	_, err := s.db.ExecContext(ctx, fmt.Sprintf(`INSERT INTO %s.workspaces (name) VALUES ($1)`, schema), name) // want `insert into workspaces runs only when the SELECT COUNT at line 52 found nothing`
	return err
}

// CreateLocked takes an advisory lock on the name first: a twin waits for
// it and then sees the row.
func (s *Service) CreateLocked(ctx context.Context, name string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := lockName(ctx, tx, name); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM workspaces WHERE name = $1`, name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errNameInUse
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO workspaces (name) VALUES ($1)`, name); err != nil {
		return err
	}
	return tx.Commit()
}

// CreateLockedInline takes the lock in its own SQL.
func (s *Service) CreateLockedInline(ctx context.Context, name string) error { // want CreateLockedInline:`takes an advisory lock`
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext('workspaces'), hashtext($1))`, name); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM workspaces WHERE name = $1`, name).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO workspaces (name) VALUES ($1)`, name); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// CreateShared takes a shared advisory lock, which two twins hold at once.
func (s *Service) CreateShared(ctx context.Context, name string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock_shared(hashtext($1))`, name); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM workspaces WHERE name = $1`, name).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO workspaces (name) VALUES ($1)`, name); err != nil { // want `insert into workspaces runs only when the SELECT COUNT at line 119 found nothing`
			return err
		}
	}
	return tx.Commit()
}
