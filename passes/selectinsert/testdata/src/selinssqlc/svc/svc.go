// Package svc finds then creates through the repository interface, whose
// one implementation (package impl) it imports. Had it not imported impl
// (the implementation wired only in main), the call would stay opaque.
package svc

import (
	"context"
	"errors"

	_ "selinssqlc/impl"
	"selinssqlc/store"
)

type RetryService struct {
	Repo      store.RetryRepository
	ProjectID string
}

func (e *RetryService) Run(ctx context.Context) error {
	active, err := e.Repo.FindActive(ctx, e.ProjectID)
	if err != nil {
		return err
	}
	if active != nil {
		return errors.New("an active retry already exists")
	}
	return e.Repo.Create(ctx, &store.Retry{ID: "x", ProjectID: e.ProjectID}) // want `insert into retries in Create\(\) runs only when the FindActive\(\) at line 20 found nothing`
}
