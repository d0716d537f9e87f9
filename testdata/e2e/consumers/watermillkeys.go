package consumers

import (
	"bytes"
	"net/http"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Invoices makes its keys with watermill's own IDs, new on every
// delivery, except credit's, which is the message UUID.
type Invoices struct {
	Base string
}

func (h *Invoices) Routes(r *message.Router, sub message.Subscriber, pub message.Publisher) {
	r.AddHandler("invoice", "orders.paid", sub, "invoices.sent", pub, h.send)
	r.AddConsumerHandler("credit", "orders.refunded", sub, h.credit)
}

func (h *Invoices) send(msg *message.Message) ([]*message.Message, error) {
	if err := h.post(msg, watermill.NewUUID()); err != nil {
		return nil, err
	}
	return []*message.Message{message.NewMessage(watermill.NewUUID(), msg.Payload)}, nil
}

func (h *Invoices) credit(msg *message.Message) error {
	return h.post(msg, msg.UUID)
}

func (h *Invoices) post(msg *message.Message, key string) error {
	req, err := http.NewRequestWithContext(msg.Context(), http.MethodPost, h.Base+"/invoices", bytes.NewReader(msg.Payload))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
