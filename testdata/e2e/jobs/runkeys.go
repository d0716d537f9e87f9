package jobs

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/hibiken/asynq"

	"example.com/e2e/mail"
)

var sent atomic.Int64

// stamp keys by the clock to the nanosecond: a new key on every run.
func stamp(ctx context.Context, t *asynq.Task) error {
	return postWithKey(ctx, fmt.Sprintf("%s-%d", t.Type(), time.Now().UnixNano()))
}

// sequence keys by a counter the process keeps: a new key on every run.
func sequence(ctx context.Context, t *asynq.Task) error {
	return postWithKey(ctx, fmt.Sprintf("%s-%d", t.Type(), sent.Add(1)))
}

// daily keys by the task and the day: the same on every run that day.
func daily(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return postWithKey(ctx, id+"-"+time.Now().UTC().Format("2006-01-02"))
}

func postWithKey(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://ledger.example.com/entries", nil)
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

// WelcomeHandler reaches its POST through mail.Mailer, whose one
// implementation is in the program.
type WelcomeHandler struct {
	Mailer mail.Mailer
}

func (h *WelcomeHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	return h.Mailer.Send(ctx, "new-user", t.Payload())
}

func RegisterKeys(mux *asynq.ServeMux, m mail.Mailer) {
	mux.HandleFunc("ledger:stamp", stamp)
	mux.HandleFunc("ledger:sequence", sequence)
	mux.HandleFunc("ledger:daily", daily)
	mux.Handle("user:welcome", &WelcomeHandler{Mailer: m})
}
