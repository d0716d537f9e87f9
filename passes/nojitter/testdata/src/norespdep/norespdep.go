// Package norespdep is a messaging client whose request fails with a
// sentinel when the server answers with the "no responders" status, a
// status it carries as text.
package norespdep

import (
	"context"
	"errors"
	"time"
)

var ErrNoResponders = errors.New("no responders")

// ErrNotReady says the job was accepted and is not done yet.
var ErrNotReady = errors.New("not ready")

const noResponders = "503"

type Msg struct {
	Data   []byte
	Status string
	State  string
}

type Conn struct{}

func (c *Conn) request(ctx context.Context, m *Msg, timeout time.Duration) (*Msg, error) {
	return m, nil
}

func (c *Conn) Request(ctx context.Context, m *Msg, timeout time.Duration) (*Msg, error) {
	msg, err := c.request(ctx, m, timeout)
	if err != nil {
		return nil, err
	}
	if len(msg.Data) == 0 && msg.Status == noResponders {
		return nil, ErrNoResponders
	}
	return msg, nil
}

func (c *Conn) Result(ctx context.Context, id string) (*Msg, error) {
	msg, err := c.request(ctx, &Msg{}, time.Second)
	if err != nil {
		return nil, err
	}
	if msg.State == "running" {
		return nil, ErrNotReady
	}
	return msg, nil
}
