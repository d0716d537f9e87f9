package unbounded

import (
	"context"
	"time"

	retrygo "github.com/avast/retry-go/v4"
)

// Syncer keeps the retry options it was built with, as services that
// configure retries once in a constructor do.
type Syncer struct {
	opts []retrygo.Option
	push func(context.Context) error
}

// NewSyncer retries until the push succeeds: no attempt limit and no
// context in the options.
func NewSyncer(push func(context.Context) error) *Syncer {
	return &Syncer{push: push, opts: []retrygo.Option{retrygo.Attempts(0), retrygo.Delay(time.Second)}}
}

func (s *Syncer) Push(ctx context.Context) error {
	return retrygo.Do(func() error { return s.push(ctx) }, s.opts...) // want `the policy stored in field opts never stops \(retry.Attempts\(0\)\)`
}

// pushOptions is what every pusher of the package uses: a limit of five.
func pushOptions() []retrygo.Option {
	return []retrygo.Option{retrygo.Attempts(5), retrygo.Delay(time.Second)}
}

// foreverOptions retries until success.
func foreverOptions() []retrygo.Option { // want foreverOptions:`never stops: retry.UntilSucceeded\(\)`
	return []retrygo.Option{retrygo.UntilSucceeded(), retrygo.Delay(time.Second)}
}

func PushLimited(ctx context.Context, push func(context.Context) error) error {
	return retrygo.Do(func() error { return push(ctx) }, pushOptions()...)
}

func PushForever(ctx context.Context, push func(context.Context) error) error {
	return retrygo.Do(func() error { return push(ctx) }, foreverOptions()...) // want `the policy from foreverOptions\(\) never stops \(retry.UntilSucceeded\(\)\)`
}

// Replica's options retry until success or until the context it was
// built with is done.
type Replica struct{ opts []retrygo.Option }

func NewReplica(ctx context.Context) *Replica {
	return &Replica{opts: []retrygo.Option{retrygo.Attempts(0), retrygo.Context(ctx)}}
}

func (m *Replica) Copy(op func() error) error {
	return retrygo.Do(op, m.opts...)
}
