package jobs

import (
	"context"
	"strconv"

	"github.com/riverqueue/river"

	"example.com/e2e/client"
)

type ShipArgs struct {
	OrderID string `json:"order_id"`
}

func (ShipArgs) Kind() string { return "ship" }

// ShipWorker sends an unkeyed POST: river runs a failed job 25 times.
type ShipWorker struct {
	river.WorkerDefaults[ShipArgs]
	API *client.Client
}

func (w *ShipWorker) Work(ctx context.Context, job *river.Job[ShipArgs]) error {
	return w.API.CreateOrder(ctx, []byte(job.Args.OrderID))
}

type PingArgs struct{}

func (PingArgs) Kind() string { return "ping" }

// InsertOpts runs ping jobs once.
func (PingArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

type PingWorker struct {
	river.WorkerDefaults[PingArgs]
	API *client.Client
}

func (w *PingWorker) Work(ctx context.Context, job *river.Job[PingArgs]) error {
	return w.API.CreateOrder(ctx, []byte(strconv.FormatInt(job.ID, 10)))
}

func Workers(api *client.Client) *river.Workers {
	ws := river.NewWorkers()
	river.AddWorker(ws, &ShipWorker{API: api})
	river.AddWorker(ws, &PingWorker{API: api})
	return ws
}
