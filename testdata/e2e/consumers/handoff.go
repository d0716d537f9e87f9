package consumers

import (
	"context"

	kafka "github.com/segmentio/kafka-go"

	"example.com/e2e/client"
)

// Pool fetches on one goroutine and hands each message to workers that
// commit it once handled.
type Pool struct {
	Reader *kafka.Reader
	API    *client.Client
	jobs   chan kafka.Message
}

func (p *Pool) Run(ctx context.Context, workers int) error {
	p.jobs = make(chan kafka.Message)
	for range workers {
		go p.work(ctx)
	}
	for {
		m, err := p.Reader.FetchMessage(ctx)
		if err != nil {
			close(p.jobs)
			return err
		}
		p.jobs <- m
	}
}

// work sends before it commits: a crash in between sends again.
func (p *Pool) work(ctx context.Context) {
	for m := range p.jobs {
		if err := p.API.CreateOrder(ctx, m.Value); err != nil {
			continue
		}
		_ = p.Reader.CommitMessages(ctx, m)
	}
}

// Mirror publishes what a producer hands it: these messages were never
// consumed, so nothing redelivers them.
func Mirror(ctx context.Context, w *kafka.Writer, in <-chan kafka.Message, api *client.Client) {
	for m := range in {
		if err := w.WriteMessages(ctx, m); err != nil {
			continue
		}
		_ = api.CreateOrder(ctx, m.Value)
	}
}
