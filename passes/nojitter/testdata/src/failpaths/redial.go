package failpaths

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"time"
)

type socket struct{}

func dialSocket(ctx context.Context, u string, h http.Header) (*socket, error) { return nil, nil }

func readSocket(ctx context.Context, s *socket) error { return nil }

// Firehose redials a subscription after a failed dial, from the cursor it
// reached: the URL is formatted from it and the headers are the same
// literal each round, so a failed dial goes round to the same request.
func Firehose(ctx context.Context, base *url.URL, seq *int64) {
	backoff := 0
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		header := http.Header{"User-Agent": []string{"firehose"}}
		if *seq >= 0 {
			base.RawQuery = fmt.Sprintf("cursor=%d", *seq)
		}
		u := base.String()
		s, err := dialSocket(ctx, u, header)
		if err != nil {
			log.Println(err)
			time.Sleep(time.Duration(5+backoff) * time.Second) // want `retry delay grows without a cap and has no jitter`
			backoff++
			continue
		}
		backoff = 0
		if err := readSocket(ctx, s); err != nil {
			log.Println(err)
		}
	}
}

type sub struct{ next func() string }

// Rotate dials the next address of a list after each failure: a new
// request each round, not the same one again.
func Rotate(ctx context.Context, addrs *sub) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
		}
		header := http.Header{"User-Agent": []string{"firehose"}}
		s, err := dialSocket(ctx, addrs.next(), header)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := readSocket(ctx, s); err != nil {
			log.Println(err)
		}
	}
}

type groupHandler struct{ ready chan bool }

type group struct{}

func (g *group) Consume(ctx context.Context, topics []string, h *groupHandler) error { return nil }

// ConsumeGroup calls Consume again whenever it returns, and at once after
// a failure: the handler it hands over by address is its own to fill in,
// not a new input.
func ConsumeGroup(ctx context.Context, g *group, topic string) {
	h := groupHandler{ready: make(chan bool)}
	for { // want `retry loop retries at once`
		if err := g.Consume(ctx, []string{topic}, &h); err != nil {
			log.Println(err)
		}
		if ctx.Err() != nil {
			return
		}
		h.ready = make(chan bool)
	}
}

type wireMsg struct{ body string }

type message struct{ ID string }

func (m *message) fromWire(w wireMsg) { m.ID = w.body }

type subscription struct{}

func (s *subscription) Receive(ctx context.Context) (wireMsg, error) { return wireMsg{}, nil }

func execOnce(ctx context.Context, id string) error { return nil }

// Handle fills an empty message from each one it receives: a failed exec
// goes round to the next message, not to the same one.
func Handle(ctx context.Context, sub *subscription) {
	for {
		w, err := sub.Receive(ctx)
		if err != nil {
			return
		}
		m := message{}
		m.fromWire(w)
		if err := execOnce(ctx, m.ID); err != nil {
			log.Println(err)
		}
	}
}
