package ampkit

import (
	"context"
	"math/rand/v2"
	"time"
)

// Runner runs an operation with retries. Its one implementation is
// unexported, so a package reading ampkit from export data sees only the
// interface: the fact is put on the interface method too.
type Runner interface {
	Run(ctx context.Context, op func() error) error // want Run:`retries\(attempts=4\)`
}

// NewRunner returns the package's retrier.
func NewRunner() Runner { return runner{} }

type runner struct{}

func (runner) Run(ctx context.Context, op func() error) error { // want Run:`retries\(attempts=4\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.N(200)) * time.Millisecond)
	}
	return err
}

// Sender has two implementations here, one retrying and one not: which
// one a caller holds cannot be pinned down, so the interface gets no fact.
type Sender interface {
	Send(ctx context.Context) error
}

type retrySender struct{ op func() error }

func (s retrySender) Send(ctx context.Context) error { // want Send:`retries\(attempts=2\)`
	var err error
	for i := 0; i < 2; i++ {
		if err = s.op(); err == nil {
			return nil
		}
		time.Sleep(time.Duration(rand.N(200)) * time.Millisecond)
	}
	return err
}

type onceSender struct{ op func() error }

func (s onceSender) Send(ctx context.Context) error { return s.op() }

// NewSender picks a sender.
func NewSender(retrying bool, op func() error) Sender {
	if retrying {
		return retrySender{op}
	}
	return onceSender{op}
}
