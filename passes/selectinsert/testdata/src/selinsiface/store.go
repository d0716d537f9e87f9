// Package selinsiface reads and writes through a Store interface whose one
// implementation is in the package, and serializes some check-then-inserts
// with an advisory lock.
package selinsiface

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
)

// Workspace is a GORM model with no unique key on its name.
type Workspace struct {
	ID   uint
	Name string
}

// Store is what the service needs from the database.
type Store interface {
	WorkspaceByName(ctx context.Context, name string) (*Workspace, error) // want WorkspaceByName:`checks selinsiface.Workspace\(name\)`
	CreateWorkspace(ctx context.Context, w *Workspace) error              // want CreateWorkspace:`inserts into selinsiface.Workspace`
}

// Cache is implemented twice: a call through it could run either.
type Cache interface {
	Has(ctx context.Context, name string) (bool, error)
}

type gormStore struct{ db *gorm.DB }

// NewStore returns the package's only Store.
func NewStore(db *gorm.DB) Store { return &gormStore{db: db} }

func (s *gormStore) WorkspaceByName(ctx context.Context, name string) (*Workspace, error) { // want WorkspaceByName:`checks selinsiface.Workspace\(name\)`
	var w Workspace
	if err := s.db.Where("name = ?", name).First(&w).Error; err != nil {
		return nil, err
	}
	return &w, nil
}

func (s *gormStore) CreateWorkspace(ctx context.Context, w *Workspace) error { // want CreateWorkspace:`inserts into selinsiface.Workspace`
	return s.db.Create(w).Error
}

type sqlCache struct{ db *sql.DB }

func (c *sqlCache) Has(ctx context.Context, name string) (bool, error) { // want Has:`counts workspaces\(name\)`
	var n int
	err := c.db.QueryRowContext(ctx, `SELECT count(*) FROM workspaces WHERE name = $1`, name).Scan(&n)
	return n > 0, err
}

type memCache struct{ names map[string]bool }

func (c memCache) Has(_ context.Context, name string) (bool, error) { return c.names[name], nil }

// lockName serializes work on one name for the rest of the transaction.
func lockName(ctx context.Context, tx *sql.Tx, name string) error { // want lockName:`takes an advisory lock`
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, name)
	return err
}
