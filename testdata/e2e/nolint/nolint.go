// Package nolint holds a hazard silenced for golangci-lint only: idemlint
// standalone and go vet still report it.
package nolint

import "time"

func op() error { return nil }

func Poll() {
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second) //nolint:idemlint // golangci-lint only: the e2e test checks it is silenced there
	}
}
