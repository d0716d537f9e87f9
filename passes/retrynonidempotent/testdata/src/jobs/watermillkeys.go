package jobs

import (
	"bytes"
	"net/http"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Invoices registers its handlers with every Add*Handler, as method
// values; each makes a key per delivery with watermill's own ID
// functions, or keys by the message UUID.
type Invoices struct{}

func (h *Invoices) Routes(r *message.Router, sub message.Subscriber, pub message.Publisher) {
	r.AddHandler("invoice", "orders.paid", sub, "invoices.sent", pub, h.send)
	r.AddNoPublisherHandler("remind", "orders.late", sub, h.remind)
	r.AddConsumerHandler("void", "orders.voided", sub, h.void)
	r.AddConsumerHandler("credit", "orders.refunded", sub, h.credit)
}

func (h *Invoices) send(msg *message.Message) ([]*message.Message, error) {
	if err := h.post(msg, watermill.NewUUID()); err != nil { // want `Idempotency-Key is generated anew each time a watermill handler runs, so the server cannot recognise the redelivered message; derive the key from the message UUID`
		return nil, err
	}
	return []*message.Message{message.NewMessage(watermill.NewUUID(), msg.Payload)}, nil
}

func (h *Invoices) remind(msg *message.Message) error {
	return h.post(msg, watermill.NewShortUUID()) // want `Idempotency-Key is generated anew each time a watermill handler runs`
}

func (h *Invoices) void(msg *message.Message) error {
	return h.post(msg, watermill.NewULID()) // want `Idempotency-Key is generated anew each time a watermill handler runs`
}

// credit keys by the message UUID: the same on every delivery.
func (h *Invoices) credit(msg *message.Message) error {
	return h.post(msg, msg.UUID)
}

func (h *Invoices) post(msg *message.Message, key string) error { // want post:`sends POST keyed by param 1`
	req, err := http.NewRequestWithContext(msg.Context(), http.MethodPost, "https://billing.example.com/invoices", bytes.NewReader(msg.Payload))
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
