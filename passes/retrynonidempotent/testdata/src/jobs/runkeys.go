package jobs

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// Keys that mix in the clock to the nanosecond, a random number or a
// counter the process keeps are new on every run of the handler; a
// window of the clock, a counter that starts again each run and a
// name-based UUID of the task are not.

var sent int64

type Mailer struct {
	count int
	seq   atomic.Int64
}

func postKeyed(ctx context.Context, t *asynq.Task, key string) error { // want postKeyed:`sends POST keyed by param 2`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", bytes.NewReader(t.Payload()))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = http.DefaultClient.Do(req)
	return err
}

func stampKey(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", t.Type()+"-"+strconv.FormatInt(time.Now().UnixNano(), 10)) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
	_, err = http.DefaultClient.Do(req)
	return err
}

func randomKey(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", fmt.Sprintf("%s-%d", t.Type(), rand.Int63())) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
	_, err = http.DefaultClient.Do(req)
	return err
}

func counterKey(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", strconv.FormatInt(atomic.AddInt64(&sent, 1), 10)) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
	_, err = http.DefaultClient.Do(req)
	return err
}

func (m *Mailer) ProcessTask(ctx context.Context, t *asynq.Task) error {
	m.count++
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", fmt.Sprintf("mail-%d", m.count)) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
	_, err = http.DefaultClient.Do(req)
	return err
}

func (m *Mailer) sendSeq(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", strconv.FormatInt(m.seq.Add(1), 10)) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
	_, err = http.DefaultClient.Do(req)
	return err
}

// nextMailID is a key helper over a counter the process keeps.
func nextMailID() string { // want nextMailID:`returns a fresh value`
	return "mail-" + strconv.FormatInt(atomic.AddInt64(&sent, 1), 10)
}

func helperKey(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", nextMailID()) // want `Idempotency-Key is generated anew each time an asynq task handler runs`
	_, err = http.DefaultClient.Do(req)
	return err
}

// One key per task and day: a run the next day sends another, on purpose.
func dailyKey(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	return postKeyed(ctx, t, id+"-"+time.Now().UTC().Format("2006-01-02"))
}

func truncatedKey(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	id, _ := asynq.GetTaskID(ctx)
	req.Header.Set("Idempotency-Key", fmt.Sprintf("%s-%d", id, time.Now().Truncate(24*time.Hour).Unix()))
	_, err = http.DefaultClient.Do(req)
	return err
}

func hourlyKey(ctx context.Context, t *asynq.Task) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	id, _ := asynq.GetTaskID(ctx)
	req.Header.Set("Idempotency-Key", fmt.Sprintf("%s-%d", id, time.Now().Unix()/3600))
	_, err = http.DefaultClient.Do(req)
	return err
}

// A counter that starts again each run gives the same keys each run.
func partKeys(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	part := 0
	for _, chunk := range bytes.Split(t.Payload(), []byte("\n")) {
		part++
		if err := postKeyed(ctx, asynq.NewTask(t.Type(), chunk), fmt.Sprintf("%s-%d", id, part)); err != nil {
			return err
		}
	}
	return nil
}

// A name-based UUID of the task ID is the same on every run.
func derivedKey(ctx context.Context, t *asynq.Task) error {
	id, _ := asynq.GetTaskID(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example.com/send", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewSHA1(uuid.NameSpaceURL, []byte(id)).String())
	_, err = http.DefaultClient.Do(req)
	return err
}

func RegisterMail(mux *asynq.ServeMux, m *Mailer) {
	for typ, h := range map[string]asynq.HandlerFunc{
		"mail:stamp": stampKey, "mail:random": randomKey, "mail:counter": counterKey, "mail:seq": m.sendSeq,
		"mail:helper": helperKey, "mail:daily": dailyKey, "mail:truncated": truncatedKey, "mail:hourly": hourlyKey,
		"mail:parts": partKeys, "mail:derived": derivedKey,
	} {
		mux.HandleFunc(typ, h)
	}
	mux.Handle("mail:send", m)
}
