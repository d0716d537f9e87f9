// Package worker is a stub of go.temporal.io/sdk/worker v1.51.0.
package worker

import "go.temporal.io/sdk/activity"

type (
	ActivityRegistry interface {
		RegisterActivity(a any)
		RegisterActivityWithOptions(a any, options activity.RegisterOptions)
	}
	WorkflowRegistry interface {
		RegisterWorkflow(w any)
	}
	Registry interface {
		WorkflowRegistry
		ActivityRegistry
	}
	Worker interface {
		Registry
		Run(interruptCh <-chan any) error
	}
	Options struct{}
)

func New(client any, taskQueue string, options Options) Worker { return nil }
