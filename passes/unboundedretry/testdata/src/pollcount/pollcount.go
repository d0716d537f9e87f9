// Package pollcount polls a status and goes round after failed lookups:
// a counter tested on the failure path bounds it, a bare continue does
// not.
package pollcount

import (
	"context"
	"errors"
	"time"
)

func status(ctx context.Context, id string) (string, error) { return "", errors.New("unavailable") }

// Await allows three failed lookups in a row, then gives up: the test's
// false side is the return after it.
func Await(ctx context.Context, id string) error {
	failures := 0
	for {
		st, err := status(ctx, id)
		if err != nil {
			if failures < 3 {
				failures++
				continue
			}
			return err
		}
		if st == "done" {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
}

// AwaitForever goes round after every failed lookup.
func AwaitForever(id string) error {
	for { // want `retry loop can run forever`
		st, err := status(context.Background(), id)
		if err != nil {
			continue
		}
		if st == "done" {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
}
