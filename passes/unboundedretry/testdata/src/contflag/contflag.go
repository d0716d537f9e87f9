// Package contflag runs an interactive menu: each step says whether to go
// on, and an error it returns is only printed. A failed step returns
// false with its error, as Go returns zero values alongside one, so a
// failure ends the loop: the loop never retries it. A lookup whose false
// "not found" sends the loop round, with a failure printed on the way,
// retries the failed lookup at once, for ever.
package contflag

import (
	"context"
	"errors"
	"fmt"
	"os"
)

type Menu interface {
	Show(ctx context.Context) (choice int, err error)
}

var errQuit = errors.New("quit")

func step(ctx context.Context, m Menu) (bool, error) {
	choice, err := m.Show(ctx)
	if err != nil {
		return false, fmt.Errorf("menu: %w", err)
	}
	return choice != 0, nil
}

// Run shows the menu until the user leaves it.
func Run(ctx context.Context, m Menu) {
	for {
		cont, err := step(ctx, m)
		if err != nil {
			fmt.Fprintf(os.Stderr, "Error: %v\n", err)
		}
		if !cont {
			return
		}
	}
}

type Registry interface {
	Find(ctx context.Context, name string) (bool, error)
}

// waitRegistered asks again at once whenever the name is not found, a
// failed lookup included.
func waitRegistered(ctx context.Context, r Registry, name string) {
	for { // want `retry loop can run forever`
		found, err := r.Find(ctx, name)
		if found {
			return
		}
		fmt.Fprintf(os.Stderr, "not registered yet: %v\n", err)
	}
}

type Pinger interface {
	Ping(ctx context.Context) error
}

// waitUp prints a failed ping and asks again: the test of the ping's error
// only prints, so it stops nothing, even though the ping is given the
// context.
func waitUp(ctx context.Context, p Pinger) {
	for { // want `retry loop can run forever`
		err := p.Ping(ctx)
		if err != nil {
			fmt.Fprintf(os.Stderr, "ping: %v\n", err)
		}
		if err == nil {
			return
		}
	}
}

// waitUpCtx leaves when the ping fails because the context is done.
func waitUpCtx(ctx context.Context, p Pinger) error {
	for {
		err := p.Ping(ctx)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}
