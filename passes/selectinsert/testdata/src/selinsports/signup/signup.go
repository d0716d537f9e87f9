// Package signup registers accounts through the ports; the adapters are
// built here too.
package signup

import (
	"context"
	"database/sql"
	"errors"

	"selinsports/ports"
	"selinsports/postgres"
)

var errTaken = errors.New("handle taken")

type Service struct {
	accounts ports.Accounts
	invites  ports.Invites
}

func New(db *sql.DB) *Service {
	return &Service{accounts: &postgres.Accounts{}, invites: &postgres.CachedInvites{}}
}

// Register checks and inserts through the interface whose one
// implementation is the postgres adapter.
func (s *Service) Register(ctx context.Context, handle string) (int64, error) {
	taken, err := s.accounts.HandleTaken(ctx, handle)
	if err != nil {
		return 0, err
	}
	if taken {
		return 0, errTaken
	}
	return s.accounts.Insert(ctx, handle) // want `insert into accounts`
}

// Invite goes through an interface with two implementations: opaque.
func (s *Service) Invite(ctx context.Context, code string) error { // want Invite:`inserts into invites`
	ok, err := s.invites.Exists(ctx, code)
	if err != nil || ok {
		return err
	}
	return s.invites.Insert(ctx, code)
}
