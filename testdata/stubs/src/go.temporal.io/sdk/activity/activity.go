// Package activity is a stub of go.temporal.io/sdk/activity v1.51.0.
package activity

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type (
	Info            = internal.ActivityInfo
	RegisterOptions = internal.RegisterActivityOptions
)

func GetInfo(ctx context.Context) Info { return Info{} }
