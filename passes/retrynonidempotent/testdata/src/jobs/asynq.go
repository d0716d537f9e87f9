// Package jobs holds task handlers and consumers that send POST requests.
package jobs

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"payments"
)

const (
	TypeCharge  = "order:charge"
	TypeReceipt = "order:receipt"
	TypeAudit   = "order:audit"
)

type chargePayload struct {
	OrderID string `json:"order_id"`
	Cents   int64  `json:"cents"`
}

type ChargeHandler struct {
	pay *payments.Client
}

func (h *ChargeHandler) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:`sends unkeyed POST \(retried=false\)`
	var p chargePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return asynq.SkipRetry
	}
	return h.pay.Charge(ctx, p.OrderID, p.Cents) // want `POST request in an asynq task handler is sent again each time the task is retried \(up to 26 runs\) and carries no Idempotency-Key header; derive the key from the task ID`
}

// The key comes from the task ID: the same on every run.
func (h *ChargeHandler) chargeByTaskID(ctx context.Context, t *asynq.Task) error {
	var p chargePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	id, _ := asynq.GetTaskID(ctx)
	return h.pay.ChargeKeyed(ctx, id, p.OrderID)
}

// The key comes from the payload's order ID.
func sendReceipt(ctx context.Context, t *asynq.Task) error {
	var p chargePayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "receipt-"+p.OrderID)
	_, err = http.DefaultClient.Do(req)
	return err
}

// A key made fresh in the handler is a new key on every run.
func notifyWarehouse(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://wms.example.com/picks", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `Idempotency-Key is generated anew each time an asynq task handler runs, so the server cannot recognise the retried task; derive the key from the task ID`
	_, err = http.DefaultClient.Do(req)
	return err
}

// Enqueued with MaxRetry(0): runs once.
func audit(ctx context.Context, t *asynq.Task) error { // want audit:`sends unkeyed POST \(retried=false\)`
	_, err := http.Post("https://audit.example.com/events", "application/json", bytes.NewReader(t.Payload()))
	return err
}

func NewAuditTask(payload []byte) *asynq.Task {
	return asynq.NewTask(TypeAudit, payload, asynq.MaxRetry(0))
}

// A GET is safe to repeat.
func refreshStatus(ctx context.Context, t *asynq.Task) error {
	resp, err := http.Get("https://pay.example.com/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The key is made once per run, outside the retry loop inside the
// handler: the loop's attempts share it, the task's runs do not.
func syncInventory(ctx context.Context, t *asynq.Task) error {
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, "https://wms.example.com/sync", bytes.NewReader(t.Payload()))
		if rerr != nil {
			return rerr
		}
		req.Header.Set("Idempotency-Key", key) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
		resp, e := http.DefaultClient.Do(req)
		if e == nil {
			return resp.Body.Close()
		}
		err = e
		time.Sleep(time.Second)
	}
	return err
}

func Register(mux *asynq.ServeMux, pay *payments.Client) {
	mux.HandleFunc("inventory:sync", syncInventory)
	h := &ChargeHandler{pay: pay}
	mux.Handle(TypeCharge, h)
	mux.HandleFunc("order:charge-by-id", h.chargeByTaskID)
	mux.HandleFunc(TypeReceipt, sendReceipt)
	mux.HandleFunc("order:pick", notifyWarehouse)
	mux.HandleFunc(TypeAudit, audit)
	mux.HandleFunc("order:refresh", refreshStatus)
}
