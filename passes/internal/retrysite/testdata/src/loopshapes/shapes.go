// Package loopshapes holds the loop shapes of real clients: polls whose
// result test says done, reconnect loops, failure-only backoffs and the
// look-alikes (schedules, workers, pagination) that are not retries.
package loopshapes

import (
	"context"
	"errors"
	"time"
)

type Partition struct{ ID int }

type conn struct{}

func (c *conn) ReadPartitions(topic string) ([]Partition, error) { return nil, nil }
func (c *conn) ReadBatch() (int, error)                          { return 0, nil }

func isTemporary(err error) bool { return err != nil }

func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func grow(attempt int, lo, hi time.Duration) time.Duration {
	d := time.Duration(attempt*attempt) * lo
	if d > hi {
		d = hi
	}
	return d
}

// lookup polls until the partition shows up: a result test says done.
func lookup(ctx context.Context, c *conn, topic string, id int) (Partition, error) {
	for attempt := 0; true; attempt++ { // want `retry loop bounded=true waits=1 op=body`
		if attempt != 0 {
			if !pause(ctx, grow(attempt, 100*time.Millisecond, 10*time.Second)) {
				return Partition{}, ctx.Err()
			}
		}
		parts, err := c.ReadPartitions(topic)
		if err != nil {
			if isTemporary(err) {
				continue
			}
			return Partition{}, err
		}
		for _, p := range parts {
			if p.ID == id {
				return p, nil
			}
		}
	}
	return Partition{}, errors.New("unreachable")
}

type Job struct {
	State string
	Next  string
}

type jobs struct{}

func (j *jobs) Get(ctx context.Context, id string) (*Job, error)     { return nil, nil }
func (j *jobs) Purge(ctx context.Context, limit int) (int, error)    { return 0, nil }
func (j *jobs) List(ctx context.Context, token string) (*Job, error) { return nil, nil }
func (j *jobs) Scan(ctx context.Context) error                       { return nil }
func (j *jobs) Handle(ctx context.Context, m string) (string, error) { return "", nil }

// waitDone polls a job until it reaches the awaited state. A failed Get
// returns: it waits only after a "not done yet", a status poll that
// RULES.md says is no retry loop.
func waitDone(ctx context.Context, js *jobs, id string) error {
	for {
		job, err := js.Get(ctx, id)
		if err != nil {
			return err
		}
		if job.State == "done" {
			return nil
		}
		if !pause(ctx, 2*time.Second) {
			return ctx.Err()
		}
	}
}

// purgeAll deletes in batches until nothing is left: new work each time.
func purgeAll(ctx context.Context, js *jobs) error {
	for {
		n, err := js.Purge(ctx, 500)
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// purgeBatches stops at the first short batch: new work each time.
func purgeBatches(ctx context.Context, js *jobs) error {
	for {
		n, err := js.Purge(ctx, 500)
		if err != nil {
			return err
		}
		if n < 500 {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// listAll pages through the jobs: the token moves on.
func listAll(ctx context.Context, js *jobs) ([]*Job, error) {
	var out []*Job
	token := "start"
	for {
		page, err := js.List(ctx, token)
		if err != nil {
			return nil, err
		}
		out = append(out, page)
		if page.Next == "end" {
			return out, nil
		}
		token = page.Next
		time.Sleep(100 * time.Millisecond)
	}
}

// scanForever is a schedule: it sleeps after a success too and never
// leaves.
func scanForever(ctx context.Context, js *jobs) {
	for {
		if err := js.Scan(ctx); err != nil {
			println(err.Error())
		}
		time.Sleep(time.Minute)
	}
}

// serve handles messages from a channel until told to stop.
func serve(ctx context.Context, js *jobs, in <-chan string) {
	for m := range in {
		reply, err := js.Handle(ctx, m)
		if err != nil {
			continue
		}
		if reply == "stop" {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// busyPoll does not wait between polls: left alone.
func busyPoll(ctx context.Context, js *jobs, id string) error {
	for {
		job, err := js.Get(ctx, id)
		if err != nil {
			return err
		}
		if job.State == "done" {
			return nil
		}
	}
}

type layout struct{ Topics map[string]bool }

type pool struct {
	q chan string
}

func (p *pool) snapshot() *layout { return nil }
func (p *pool) pop() string       { return "" }
func (p *pool) handle(m string)   {}

// awaitTopics waits until another goroutine's refresh lists every topic:
// a poll of state, which sends nothing. Its wait is judged by nojitter
// (Result.Backoffs); it is no retry site for the other analyzers.
func (p *pool) awaitTopics(ctx context.Context, topics []string) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		state := p.snapshot()
		found := 0
		for _, t := range topics {
			if _, ok := state.Topics[t]; ok {
				found++
			}
		}
		if found == len(topics) {
			return
		}
		time.Sleep(wait)
		if wait *= 2; wait > 5*time.Second {
			wait = 5 * time.Second
		}
	}
}

// drain handles items until the stop item: the result is used, new work
// each time.
func (p *pool) drain() {
	for {
		m := p.pop()
		if m == "stop" {
			return
		}
		p.handle(m)
		time.Sleep(time.Millisecond)
	}
}

// spin polls state without waiting: left alone.
func (p *pool) spin(topics []string) {
	for {
		state := p.snapshot()
		if len(state.Topics) == len(topics) {
			return
		}
	}
}

type request struct{ body string }

func buildRequest(uri string) (*request, error) { return &request{body: uri}, nil }
func (c *conn) send(r *request) error           { return nil }
func sessionExpired(err error) bool             { return errors.Is(err, errExpired) }

var errExpired = errors.New("session expired")

// loginWhileFailed builds a request, then sends it, while the last error is
// not nil: the condition tests the send's error, so a failed send goes
// round after a successful build.
func (c *conn) loginWhileFailed(uri string) error {
	err := errExpired
	for attempt := 1; attempt <= 10 && err != nil; attempt++ { // want `retry loop bounded=true waits=0 op=body`
		var req *request
		req, err = buildRequest(uri)
		if err != nil {
			return err
		}
		if err = c.send(req); err != nil && !sessionExpired(err) {
			break
		}
	}
	return err
}

// sendAll sends each built request while the loop's own flag holds: the
// condition does not test the send's error, so it is not a retry.
func (c *conn) sendAll(uris []string) error {
	var err error
	more := true
	for i := 0; more && i < len(uris); i++ {
		var req *request
		req, err = buildRequest(uris[i])
		if err != nil {
			return err
		}
		if err = c.send(req); err != nil && !sessionExpired(err) {
			break
		}
		more = err == nil
	}
	return err
}

type prober struct {
	addr string
	seen map[string]bool
}

// healthy swallows its dial's error into false.
func (p *prober) healthy() bool {
	if err := p.dial(); err != nil {
		return false
	}
	return true
}

func (p *prober) dial() error { return nil }

// has answers from memory: false is no failure.
func (p *prober) has(k string) bool { return p.seen[k] }

// Ready probes until the dial succeeds: a false is a failed attempt.
func (p *prober) Ready() error {
	for i := 0; i < 10; i++ { // want `retry loop bounded=true waits=1 op=body`
		ok := p.healthy()
		if ok {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("not ready")
}

// Seen waits for another goroutine to note k: a wait for state held in
// memory, not a retry of something that failed.
func (p *prober) Seen(k string) bool {
	for i := 0; i < 10; i++ {
		ok := p.has(k)
		if ok {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return false
}

// handle reads one reply: true says the reading is done (the socket
// failed), false that the next reply is awaited, whatever this one was.
func (p *prober) handle(buf []byte) (done bool) {
	if err := p.dial(); err != nil {
		return true
	}
	if err := p.parse(buf); err != nil {
		return false
	}
	return false
}

func (p *prober) parse(buf []byte) error { return nil }

// Listen reads replies until the socket fails: a reader, not a retry.
func (p *prober) Listen() {
	buf := make([]byte, 1500)
	for {
		if done := p.handle(buf); done {
			return
		}
	}
}

var errLocked = errors.New("locked")

func isLocked(err error) bool { return errors.Is(err, errLocked) }

func (p *prober) acquire() error { return p.dial() }

// Acquire waits while someone else holds the lock, with a message printed
// once: the flag latches under the failure test, it records no failure.
func (p *prober) Acquire(ctx context.Context) error {
	printed := false
	timeout := time.After(time.Minute)
	for { // want `retry loop bounded=true waits=1 op=body`
		err := p.acquire()
		if err != nil && isLocked(err) {
			if !printed {
				println("locked, waiting")
				printed = true
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-timeout:
				return p.acquire()
			case <-time.After(time.Second):
			}
		} else {
			return err
		}
	}
}

type node struct{ failures int }

func (n *node) markFailed() { n.failures++ }

type nodePool struct{}

func (p *nodePool) Next() (*node, error) { return &node{}, nil }

type observer struct{}

func (o *observer) OnAttempt(ctx context.Context, attempt int) context.Context { return ctx }

func (p *prober) send(ctx context.Context, n *node) error { return p.dial() }

// Perform tells the node a failed attempt ran on of the failure and
// hands the attempt's number to a tracer through the context: the same
// request goes to the next node the pool gives.
func (p *prober) Perform(ctx context.Context, pool *nodePool, obs *observer, max int) error {
	var err error
	for i := 0; i <= max; i++ { // want `retry loop bounded=true waits=1 op=body`
		var n *node
		n, err = pool.Next()
		if err != nil {
			return err
		}
		attemptCtx := obs.OnAttempt(ctx, i)
		if err = p.send(attemptCtx, n); err == nil {
			return nil
		}
		n.markFailed()
		time.Sleep(time.Second)
	}
	return err
}
