// Package ports declares the storage the signup service needs.
package ports

import "context"

type Accounts interface {
	HandleTaken(ctx context.Context, handle string) (bool, error)
	Insert(ctx context.Context, handle string) (int64, error)
}

// Invites has two implementations among the program's packages: a call
// through it cannot be pinned down.
type Invites interface {
	Exists(ctx context.Context, code string) (bool, error)
	Insert(ctx context.Context, code string) error
}
