// Package store declares the repository the service needs.
package store

import "context"

type Retry struct{ ID, ProjectID string }

type RetryRepository interface {
	FindActive(ctx context.Context, projectID string) (*Retry, error)
	Create(ctx context.Context, r *Retry) error
}
