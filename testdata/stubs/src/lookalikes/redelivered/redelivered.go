// Package redelivered holds handlers that a job queue or broker runs again.
// They are retry sites of their own kind (redelivery), with no loop, wait
// or bound of the program's own: nothing here is reported by retrybody or
// unboundedretry, which each run on this one package (retryclienterror
// reports handleDigest, whose 4xx asynq retries: its fixture jobstatus).
package redelivered

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"
	amqp "github.com/rabbitmq/amqp091-go"
	kafka "github.com/segmentio/kafka-go"
)

var template = bytes.NewReader([]byte(`{"kind":"digest"}`))

// A non-2xx response fails the task, and asynq retries it later with its
// own jittered backoff: no wait or bound is missing here.
func handleDigest(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://mail.example.com/digest", template)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("digest: %s", resp.Status)
	}
	return nil
}

func Register(mux *asynq.ServeMux) {
	mux.HandleFunc("digest", handleDigest)
}

// A consumer loop: it reads the next message, it does not retry one.
func Consume(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			continue
		}
		resp, err := http.Get("https://example.com/" + string(m.Key))
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			continue
		}
		_ = r.CommitMessages(ctx, m)
	}
}

func ConsumeAMQP(ch *amqp.Channel) error {
	msgs, err := ch.Consume("q", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		resp, err := http.Get("https://example.com/" + string(d.Body))
		if err != nil {
			_ = d.Nack(false, true)
			continue
		}
		resp.Body.Close()
		_ = d.Ack(false)
	}
	return nil
}
