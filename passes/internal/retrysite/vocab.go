package retrysite

import "github.com/idemlint/idemlint/passes/internal/retrysite/site"

// The vocabulary the analyzers share is defined in package site; these are
// the names of it that they use.

type (
	Site         = site.Site
	Kind         = site.Kind
	Statuses     = site.Statuses
	Failure      = site.Failure
	ClientConfig = site.ClientConfig
	Redelivered  = site.Redelivered
)

const (
	Loop       = site.Loop
	Helper     = site.Helper
	UserHelper = site.UserHelper
	Client     = site.Client
	Redelivery = site.Redelivery
)
