package jobs

import (
	"bytes"
	"context"
	"net/http"
	"strconv"

	"github.com/riverqueue/river"
)

type ShipArgs struct {
	OrderID string `json:"order_id"`
}

func (ShipArgs) Kind() string { return "ship" }

type ShipWorker struct {
	river.WorkerDefaults[ShipArgs]
	HTTP *http.Client
}

func (w *ShipWorker) Work(ctx context.Context, job *river.Job[ShipArgs]) error { // want Work:`sends unkeyed POST \(retried=false\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://carrier.example.com/shipments", bytes.NewReader([]byte(job.Args.OrderID)))
	if err != nil {
		return err
	}
	resp, err := w.HTTP.Do(req) // want `POST request in a river worker is sent again each time the job is retried \(up to 25 runs\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type LabelArgs struct {
	OrderID string `json:"order_id"`
}

func (LabelArgs) Kind() string { return "label" }

type LabelWorker struct {
	river.WorkerDefaults[LabelArgs]
	HTTP *http.Client
}

// The key is the job ID.
func (w *LabelWorker) Work(ctx context.Context, job *river.Job[LabelArgs]) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://carrier.example.com/labels", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "label-"+strconv.FormatInt(job.ID, 10))
	resp, err := w.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
