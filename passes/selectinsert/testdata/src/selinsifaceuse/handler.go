// Package selinsifaceuse is an HTTP layer that holds the selinsiface.Store
// interface of another package.
package selinsifaceuse

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"selinsiface"
)

var errTaken = errors.New("workspace name taken")

type Handler struct {
	store selinsiface.Store
}

// CreateWorkspace checks and creates through the interface.
func (h *Handler) CreateWorkspace(ctx context.Context, name string) error {
	_, err := h.store.WorkspaceByName(ctx, name)
	if err == nil {
		return errTaken
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	return h.store.CreateWorkspace(ctx, &selinsiface.Workspace{Name: name}) // want `insert into Workspace in CreateWorkspace\(\) runs only when the WorkspaceByName\(\) at line 22 found nothing`
}

// Rename reads through the interface and creates only when the name is
// found: not a check for absence.
func (h *Handler) Rename(ctx context.Context, name string) error {
	if _, err := h.store.WorkspaceByName(ctx, name); err != nil {
		return err
	}
	return h.store.CreateWorkspace(ctx, &selinsiface.Workspace{Name: name + " (copy)"})
}

// Import checks with the lookup in the if statement, then creates.
func (h *Handler) Import(ctx context.Context, name string) error {
	if _, err := h.store.WorkspaceByName(ctx, name); err == nil {
		return errTaken
	} else if !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	return h.store.CreateWorkspace(ctx, &selinsiface.Workspace{Name: name}) // want `insert into Workspace in CreateWorkspace\(\) runs only when the WorkspaceByName\(\) at line 43 found nothing`
}

// Copy creates only when the lookup found the source.
func (h *Handler) Copy(ctx context.Context, name string) error {
	if _, err := h.store.WorkspaceByName(ctx, name); err != nil {
		return err
	} else if name == "" {
		return errTaken
	}
	return h.store.CreateWorkspace(ctx, &selinsiface.Workspace{Name: name + " (copy)"})
}
