// Package impl is the one implementation of store.RetryRepository, over
// the sqlc queries.
package impl

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"selinssqlc/db"
	"selinssqlc/store"
)

type Service struct{ q *db.Queries }

func New(tx db.DBTX) *Service { return &Service{q: db.New(tx)} }

func (s *Service) FindActive(ctx context.Context, projectID string) (*store.Retry, error) { // want FindActive:`checks retries\(project_id,status\)`
	row, err := s.q.FindActive(ctx, projectID)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	return &store.Retry{ID: row.ID, ProjectID: row.ProjectID}, nil
}

func (s *Service) Create(ctx context.Context, r *store.Retry) error { // want Create:`inserts into retries`
	return s.q.CreateRetry(ctx, r.ID, r.ProjectID)
}
