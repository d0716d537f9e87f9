// Package donepred: a reconnect loop whose failure test is a method that
// asks the context itself stops when the context ends.
package donepred

import (
	"context"
	"errors"
	"io"
)

type Stream struct {
	ctx      context.Context
	attempts int
	max      int
	read     func() ([]byte, error)
	dial     func(context.Context) error
	redial   func() error
}

func (s *Stream) shouldReconnect(err error) bool {
	if s.ctx.Err() != nil {
		return false
	}
	if s.attempts >= s.max {
		return false
	}
	return errors.Is(err, io.EOF)
}

func (s *Stream) reconnect() error {
	if err := s.dial(s.ctx); err != nil {
		return err
	}
	s.attempts++
	return nil
}

// Not reported: shouldReconnect answers false once the context is done.
func (s *Stream) Recv() ([]byte, error) {
	for {
		b, err := s.read()
		if err == nil || !s.shouldReconnect(err) {
			return b, err
		}
		if rerr := s.reconnect(); rerr != nil {
			return nil, rerr
		}
	}
}

func (s *Stream) eofOnly(err error) bool {
	return errors.Is(err, io.EOF)
}

// Reported: nothing in the test can end it while reads keep failing.
func (s *Stream) RecvForever() ([]byte, error) {
	for { // want `retry loop can run forever`
		b, err := s.read()
		if err == nil || !s.eofOnly(err) {
			return b, err
		}
		if rerr := s.redial(); rerr != nil {
			return nil, rerr
		}
	}
}
