package queueworkers

import (
	"context"
	"log"

	"github.com/IBM/sarama"

	"queuekit"
)

// LedgerHandler returns from ConsumeClaim when a post fails, before
// marking the message: the session ends, and the next one starts again
// at that message, running Post's three attempts again.
type LedgerHandler struct {
	ledger *queuekit.Ledger
}

func (h *LedgerHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *LedgerHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *LedgerHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:`retries\(attempts=3\)`
	for msg := range claim.Messages() {
		if err := h.ledger.Post(sess.Context(), msg.Value); err != nil { // want `retry inside a sarama consumer, which sarama retries with no limit by default`
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// AuditHandler logs a failed post and goes on to the next message, whose
// mark covers the skipped one: nothing is delivered again.
type AuditHandler struct {
	ledger *queuekit.Ledger
}

func (h *AuditHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *AuditHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *AuditHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error { // want ConsumeClaim:`retries\(attempts=3\)`
	for msg := range claim.Messages() {
		if err := h.ledger.Post(context.Background(), msg.Value); err != nil {
			log.Printf("audit %d: %v", msg.Offset, err)
			continue
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
