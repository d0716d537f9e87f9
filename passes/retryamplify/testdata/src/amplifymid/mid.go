// Package amplifymid is the middle layer of a three-package chain: its
// Service retries a Store call that retries too.
package amplifymid

import (
	"time"

	"amplifydep"
)

// Service calls the store.
type Service struct{}

// Sync retries amplifydep.Fetch, which retries three times itself.
func (Service) Sync() error { // want Sync:`retries\(attempts=12\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = amplifydep.Fetch(); err == nil { // want `4 x 3 = 12 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
