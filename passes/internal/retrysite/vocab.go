package retrysite

import (
	"go/ast"
	"go/types"

	"github.com/idemlint/idemlint/passes/internal/retrysite/redelivery"
	"github.com/idemlint/idemlint/passes/internal/retrysite/site"
	"github.com/idemlint/idemlint/passes/internal/retrysite/status"
)

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

// NotSent reports whether a failure test asks about an error that proves
// the attempt never reached the server (status.NotSent).
func NotSent(info *types.Info, test ast.Expr) bool { return status.NotSent(info, test) }

// BrokerReply reports whether call answers the broker about a delivered
// message (an Ack, a Nak, a commit): redelivery.BrokerReply.
func BrokerReply(info *types.Info, call *ast.CallExpr) bool {
	return redelivery.BrokerReply(info, call)
}
