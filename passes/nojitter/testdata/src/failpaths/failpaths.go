// want package:`waits Catchup CatchupSkipping Consume FireNow Firehose Generations Heartbeat Jittered Jobs Lines Poller.Monitor Records Requeue Restart Rotate Sync ThrottledConsume TickSkip Ticks`

// Package failpaths holds loops whose success goes round too (consumers,
// workers, monitors) and whose failure paths go round to the same call
// with the same inputs: each failure path is a retry of that call, judged
// on its own (RULES.md, reconnect loops), and the look-alikes whose
// failure paths retry nothing.
package failpaths

import (
	"context"
	"database/sql/driver"
	"errors"
	"log"
	"math/rand/v2"
	"time"
)

type Repo interface {
	FindStuck(ctx context.Context) ([]string, error)
}

type Receiver interface {
	ReceiveMessage(ctx context.Context, queue string) ([]string, error)
}

// Requeue queries again at once after a failed query, and a minute after
// a good one: the minute paces the successes, not the failures.
func Requeue(repo Repo, q func(string) error) {
	for { // want `retry loop retries at once`
		ids, err := repo.FindStuck(context.Background())
		if err != nil {
			log.Print(err)
			continue
		}
		for _, id := range ids {
			_ = q(id)
		}
		time.Sleep(time.Minute)
	}
}

// Consume receives in the default case of a select: a failed receive is
// received again at once.
func Consume(ctx context.Context, r Receiver, queue string, handle func(string)) {
	for { // want `retry loop retries at once`
		select {
		case <-ctx.Done():
			return
		default:
			msgs, err := r.ReceiveMessage(ctx, queue)
			if err != nil {
				log.Print(err)
				continue
			}
			for _, m := range msgs {
				handle(m)
			}
		}
	}
}

// ConsumeSwitch falls out of its switch after a failure, to the next
// receive.
func ConsumeSwitch(ctx context.Context, r Receiver, handle func(string)) {
	for ctx.Err() == nil { // want `retry loop retries at once`
		msgs, err := r.ReceiveMessage(ctx, "q")
		switch {
		case err == nil:
			for _, m := range msgs {
				handle(m)
			}
		case errors.Is(err, context.Canceled):
			return
		default:
			log.Print(err)
		}
	}
}

type Msg struct{ ID string }

type Poller struct {
	maxErrs int
	maxBack time.Duration
	recv    func(name string) (*Msg, error)
}

// Monitor waits a capped exponential delay after a failure, and a
// constant poll interval after an empty receive: the failure's delay is a
// retry delay, and has no jitter; the poll interval is not judged.
func (p *Poller) Monitor(ctx context.Context) error {
	n := 0
	for {
		msg, err := p.recv("q")
		if err != nil {
			n++
			if n >= p.maxErrs {
				return err
			}
			backoff := min(100*time.Millisecond*time.Duration(1<<(n-1)), p.maxBack)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(backoff): // want `retry delay has no jitter`
			}
			continue
		}
		n = 0
		if msg == nil {
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
			continue
		}
		go handle(msg)
	}
}

func handle(*Msg) {}

type Shard interface {
	GetRecords(ctx context.Context, iterator *string) ([]string, *string, error)
}

// Records moves its iterator after each good read; a failed read asks
// for the same iterator again after a constant second.
func Records(ctx context.Context, s Shard, iterator *string) {
	for {
		recs, next, err := s.GetRecords(ctx, iterator)
		if err != nil {
			log.Print(err)
			time.Sleep(1 * time.Second) // want `retry delay has no jitter`
			continue
		}
		for _, r := range recs {
			log.Print(r)
		}
		iterator = next
		if iterator == nil {
			break
		}
		if len(recs) == 0 {
			time.Sleep(1 * time.Second)
		}
	}
}

// RecordsCtx checks its context on the failure path: still no delay.
func RecordsCtx(ctx context.Context, r Receiver) {
	for { // want `retry loop retries at once`
		msgs, err := r.ReceiveMessage(ctx, "q")
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Print(err)
			continue
		}
		for _, m := range msgs {
			log.Print(m)
		}
	}
}

// TickSkip's failure path skips the tick: it syncs again at once.
func TickSkip(ctx context.Context, sync func(context.Context) error) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for { // want `retry loop retries at once`
		if err := sync(ctx); err != nil {
			log.Print(err)
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Look-alikes: nothing below is reported.

// Jobs handles a new job each time round: a failed one is not run again.
func Jobs(jobs <-chan string, process func(string) error) {
	for {
		job := <-jobs
		if err := process(job); err != nil {
			log.Print(err)
			continue
		}
	}
}

type Stream interface {
	Recv() (string, error)
}

// Tail reads the next message of a stream: a bad one is skipped.
func Tail(s Stream) {
	for {
		m, err := s.Recv()
		if err != nil {
			log.Print(err)
			continue
		}
		log.Print(m)
	}
}

type Lister interface {
	List(ctx context.Context, cursor string) ([]string, string, error)
}

// Pages moves its cursor past a page it cannot read.
func Pages(ctx context.Context, l Lister, skip func(string) string) {
	cursor := ""
	for {
		items, next, err := l.List(ctx, cursor)
		if err != nil {
			cursor = skip(cursor)
			continue
		}
		log.Print(items)
		if next == "" {
			return
		}
		cursor = next
	}
}

// PagesStop gives up at the first page that fails.
func PagesStop(ctx context.Context, l Lister) error {
	cursor := ""
	for {
		items, next, err := l.List(ctx, cursor)
		if err != nil {
			return err
		}
		log.Print(items)
		if next == "" {
			return nil
		}
		cursor = next
	}
}

// Drain stops at the first failed receive, and leaves by break.
func Drain(ctx context.Context, r Receiver) {
	for {
		msgs, err := r.ReceiveMessage(ctx, "q")
		if err != nil {
			break
		}
		log.Print(msgs)
	}
}

// Jittered waits a jittered delay after a failure.
func Jittered(ctx context.Context, r Receiver) {
	for ctx.Err() == nil {
		msgs, err := r.ReceiveMessage(ctx, "q")
		if err != nil {
			d := time.Second
			time.Sleep(d/2 + rand.N(d/2))
			continue
		}
		log.Print(msgs)
	}
}

type API interface {
	Fetch(ctx context.Context, token string) ([]string, error)
	Refresh(ctx context.Context) (string, error)
}

var ErrUnauthorized = errors.New("unauthorized")

// Renew fetches again with a new token after a 401.
func Renew(ctx context.Context, a API, token string) error {
	for {
		items, err := a.Fetch(ctx, token)
		if errors.Is(err, ErrUnauthorized) {
			token, err = a.Refresh(ctx)
			if err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		log.Print(items)
	}
}

type DB interface {
	Claim(ctx context.Context) (string, error)
}

// Claims takes a new connection after a bad one: the query never reached
// the server.
func Claims(ctx context.Context, db DB) error {
	for {
		id, err := db.Claim(ctx)
		if errors.Is(err, driver.ErrBadConn) {
			continue
		}
		if err != nil {
			return err
		}
		log.Print(id)
	}
}

// Heartbeat goes round after a fixed sleep, and any failure leaves.
func Heartbeat(ctx context.Context, ping func(context.Context) error) error {
	for {
		if err := ping(ctx); err != nil {
			return err
		}
		time.Sleep(10 * time.Second)
	}
}

// Sync is a schedule: a failed sync waits, like a good one, for the next
// period.
func Sync(ctx context.Context, sync func(context.Context) error) {
	for ctx.Err() == nil {
		if err := sync(ctx); err != nil {
			log.Print(err)
		}
		time.Sleep(time.Minute)
	}
}

// Ticks is a schedule on a ticker.
func Ticks(ctx context.Context, sync func(context.Context) error) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		if err := sync(ctx); err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Restart waits for a signal before it receives again.
func Restart(ctx context.Context, r Receiver, restart <-chan struct{}) {
	for {
		msgs, err := r.ReceiveMessage(ctx, "q")
		if err != nil {
			<-restart
			continue
		}
		log.Print(msgs)
	}
}
