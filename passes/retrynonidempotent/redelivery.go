package retrynonidempotent

import (
	"fmt"

	"github.com/idemlint/idemlint/passes/internal/retrysite"
)

// redeliveredMessage is the message for an unkeyed request that a job
// queue or broker sends again: it names the framework, how often it runs
// the handler, and what a key made once per task or message derives from.
func redeliveredMessage(method string, site *retrysite.Site) string {
	r := site.Redelivery
	return fmt.Sprintf("%s request in %s is sent again each time the %s is %s (%s) and carries no %s header; derive the key from %s",
		method, r.Describe(), r.F.Unit, r.F.Again, r.Runs(), headers[0], r.F.Identity)
}

// freshKeyMessage is the message for a key made anew by every run of a
// redelivered handler.
func freshKeyMessage(site *retrysite.Site) string {
	r := site.Redelivery
	return fmt.Sprintf("%s is generated anew each time %s runs, so the server cannot recognise the %s %s; derive the key from %s",
		headers[0], r.Describe(), r.F.Again, r.F.Unit, r.F.Identity)
}

// unkeyedMessageIn chooses the message for an unkeyed send inside the
// sites within (innermost last): a retry loop or helper in a handler is
// the closer cause, a handler alone is a redelivery.
func (a *analyzer) unkeyedMessageIn(s *send, within []*retrysite.Site) string {
	if n := len(within); n > 0 && within[n-1].Kind == retrysite.Redelivery {
		return redeliveredMessage(s.method, within[n-1])
	}
	var site *retrysite.Site
	if n := len(within); n > 0 {
		site = within[n-1]
	}
	return a.unkeyedMessage(s, site)
}

// checkFreshKeys looks for a key made per attempt in the innermost site
// holding the send, then in the redelivered handlers around it: a key made
// in a handler, outside the retry loop inside it, is still made anew on
// every delivery.
func (a *analyzer) checkFreshKeys(s *send, within []*retrysite.Site) {
	for i := len(within) - 1; i >= 0 && !a.done[s.call]; i-- {
		if i == len(within)-1 || within[i].Kind == retrysite.Redelivery {
			a.checkFreshKey(s, within[i])
		}
	}
}
