// want package:`waits Group.consume Group.run Group.runJittered Group.scan Group.tick Group.work listAll`

// Package groupsvc keeps a consumer's membership in a group: sessions that
// end normally are rejoined at once, failed joins after a backoff.
package groupsvc

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"
)

var ErrClosed = errors.New("closed")

type Config struct {
	JoinBackoff time.Duration
}

type Group struct {
	cfg  Config
	done chan struct{}
	errs chan error
	msgs chan string
}

func (g *Group) session(member string) (string, error) { return member, nil }
func (g *Group) leave(member string) error             { return nil }
func (g *Group) receive(ctx context.Context) (string, error) {
	return "", nil
}
func (g *Group) handle(m string) error { return nil }

// run rejoins after each generation; a failed join waits a constant
// backoff, so members that failed together rejoin together.
func (g *Group) run() {
	var member string
	var err error
	for {
		member, err = g.session(member)
		var backoff <-chan time.Time
		switch {
		case err == nil:
			continue
		case errors.Is(err, ErrClosed):
			_ = g.leave(member)
			return
		default:
			_ = g.leave(member)
			member = ""
			backoff = time.After(g.cfg.JoinBackoff) // want `retry delay has no jitter`
		}
		select {
		case <-g.done:
			return
		case g.errs <- err:
		}
		if backoff != nil {
			select {
			case <-g.done:
				return
			case <-backoff:
			}
		}
	}
}

// runJittered waits a jittered backoff after a failed join.
func (g *Group) runJittered() {
	var member string
	var err error
	for {
		member, err = g.session(member)
		if err == nil {
			continue
		}
		d := g.cfg.JoinBackoff
		select {
		case <-g.done:
			return
		case <-time.After(d/2 + rand.N(d/2)):
		}
	}
}

// consume receives again at once after a message and after a failed
// receive waits a constant second.
func (g *Group) consume(ctx context.Context) {
	for ctx.Err() == nil {
		m, err := g.receive(ctx)
		if err != nil {
			time.Sleep(time.Second) // want `retry delay has no jitter`
			continue
		}
		_ = g.handle(m)
	}
}

// scan is a schedule: a failed scan waits, like a good one, for the next
// period. (A failure that waited on a path of its own would be judged:
// failpaths.)
func (g *Group) scan(ctx context.Context, every time.Duration) {
	for ctx.Err() == nil {
		if err := g.handle("scan"); err != nil {
			g.errs <- err
		}
		time.Sleep(every)
	}
}

// tick is a schedule on a ticker.
func (g *Group) tick(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		if err := g.handle("tick"); err != nil {
			time.Sleep(time.Second)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// work handles a new message each time round: a failed one is not run
// again.
func (g *Group) work() {
	for {
		m := <-g.msgs
		if err := g.handle(m); err != nil {
			time.Sleep(time.Second)
		}
	}
}

type Pager struct{ Items []string }

func (p *Pager) Next(ctx context.Context) (*Pager, error) { return p, nil }

// listAll walks pages; a rate-limited page is asked for again after a
// constant wait, but the loop is a walk over pages, not a retry.
func listAll(ctx context.Context, p *Pager) ([]string, error) {
	var out []string
	var err error
	for {
		p, err = p.Next(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if len(p.Items) == 0 {
			return out, nil
		}
		out = append(out, p.Items...)
	}
}
