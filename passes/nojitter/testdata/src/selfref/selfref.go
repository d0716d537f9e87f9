// want package:`waits ClosureDelay HeaderLoop Lock MutualClosures MutualLocals RecursiveTypes SelfLocal holder.Run selfLocal`

// Package selfref holds definitions that refer to themselves or to each
// other (closures, locals, fields, types): every walk that follows them
// must stop. None of these sent a walk round when they were written; they
// guard the walks that keep a visited set.
package selfref

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
	"github.com/redis/go-redis/v9"
)

func op() error { return errors.New("x") }

// Locals defined from each other.
func MutualLocals() {
	d := time.Second
	e := d
	for i := 0; i < 3; i++ {
		if err := op(); err == nil {
			return
		}
		d = e
		e = d
		time.Sleep(d) // want `retry delay has no jitter`
	}
}

func selfLocal(d time.Duration) {
	d = d + d/2
	d = d * 2
	time.Sleep(d)
}

func SelfLocal() {
	for {
		if err := op(); err == nil {
			return
		}
		selfLocal(time.Second) // want `retry delay has no jitter`
	}
}

// A self-referencing closure used as a delay.
func ClosureDelay() {
	var delay func(n int) time.Duration
	delay = func(n int) time.Duration {
		if n == 0 {
			return time.Second
		}
		return 2 * delay(n-1)
	}
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return
		}
		time.Sleep(delay(i))
	}
}

// Mutually recursive closures as a wait and an operation.
func MutualClosures(ctx context.Context) error {
	var ping, pong func(n int) error
	ping = func(n int) error {
		if n == 0 {
			return op()
		}
		return pong(n - 1)
	}
	pong = func(n int) error {
		return ping(n)
	}
	var wait func(d time.Duration)
	wait = func(d time.Duration) {
		if d > time.Minute {
			wait(d / 2)
			return
		}
		time.Sleep(d)
	}
	for {
		if err := ping(3); err == nil {
			return nil
		}
		wait(time.Second)
	}
}

// A header map defined from itself.
func HeaderLoop(c *http.Client) error {
	h := http.Header{}
	g := h
	h = g
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest("POST", "https://api.example.com/charge", bytes.NewReader(nil))
		req.Header = h
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
	return nil
}

// A policy defined from itself.
func PolicyLoop() error {
	var b backoff.BackOff = backoff.NewConstantBackOff(time.Second) // want `a constant backoff has no jitter`
	c := b
	b = c
	return backoff.Retry(op, b)
}

// A client held in a field of itself.
type holder struct {
	client *retryablehttp.Client
	self   *holder
	do     func() error
}

func newHolder() *holder {
	h := &holder{client: retryablehttp.NewClient()} // want `retryablehttp.NewClient\(\) keeps DefaultBackoff`
	h.self = h
	h.do = h.call
	h.client = h.self.client
	return h
}

func (h *holder) call() error {
	_, err := h.self.client.Post("https://api.example.com/charge", "application/json", nil)
	return err
}

func (h *holder) Run() {
	for {
		if err := h.do(); err == nil {
			return
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
}

// Recursive types and generic types instantiated with themselves.
type node struct {
	next *node
	op   func() error
}

type list[T any] struct {
	head T
	rest *list[T]
	do   func(list[T]) error
}

type selfish[T interface{ Next() T }] struct{ cur T }

type step struct{ n int }

func (s step) Next() step { return step{s.n + 1} }

type tree[T any] struct {
	kids []tree[T]
	run  func(T) error
}

func RecursiveTypes(n *node, l list[list[int]], t tree[tree[int]], s selfish[step]) {
	for l.do(l) != nil {
		s.cur = s.cur.Next()
		time.Sleep(time.Second)
	}
	for n != nil {
		if err := n.op(); err == nil {
			return
		}
		n = n.next
		time.Sleep(time.Second)
	}
	for {
		if err := t.run(tree[int]{}); err == nil {
			return
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
}

// A lock whose key and value are defined from each other.
func Lock(ctx context.Context, rdb *redis.Client) {
	k := "lock:a"
	v := k
	k = v
	for {
		ok, err := rdb.SetNX(ctx, k, v, 0).Result()
		if err == nil && ok {
			break
		}
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
	rdb.Del(ctx, k)
}

