// want package:`waits`

// Package failedbatch resends what failed of a batch: the items whose
// send failed are collected (a failure record) and sent again, by a goto
// back or by the next round of a loop. Collecting them is the failure
// test; a flag that says "there is more" is no failure.
package failedbatch

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

// push sends one notification. (Its body is a stand-in: the fixtures
// load net/http from source, whose client waits inside.)
func push(ctx context.Context, token string) (*http.Response, error) {
	return nil, errors.New("unreachable")
}

// PushAll resends the tokens whose push failed with a 5xx, at once.
func PushAll(ctx context.Context, tokens []string, maxRetry int) {
	retryCount := 0
Retry: // want `retry loop retries at once`
	var failed []string
	for _, t := range tokens {
		res, err := push(ctx, t)
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			failed = append(failed, t)
		}
	}
	if len(failed) > 0 && retryCount < maxRetry {
		retryCount++
		tokens = failed
		goto Retry
	}
}

// PutRecords resends the records that failed, after a constant pause.
func PutRecords(ctx context.Context, records []string) error {
	for attempt := 0; attempt < 5; attempt++ {
		var failed []string
		for _, r := range records {
			if _, err := push(ctx, r); err != nil {
				failed = append(failed, r)
			}
		}
		if len(failed) == 0 {
			return nil
		}
		records = failed
		time.Sleep(time.Second) // want `retry delay has no jitter`
	}
	return errors.New("records failed")
}

// PutRecordsJittered waits a jittered, capped pause: no report.
func PutRecordsJittered(ctx context.Context, records []string) error {
	for attempt := 0; attempt < 5; attempt++ {
		var failed []string
		for _, r := range records {
			if _, err := push(ctx, r); err != nil {
				failed = append(failed, r)
			}
		}
		if len(failed) == 0 {
			return nil
		}
		records = failed
		d := min(time.Second<<attempt, 30*time.Second)
		time.Sleep(d/2 + rand.N(d/2))
	}
	return errors.New("records failed")
}

// Pages follows the next page while there is one: the flag is set after
// a success, so the loop is a walk over pages, not a retry.
func Pages(ctx context.Context, page string) {
	retries := 0
Next:
	more := false
	res, err := push(ctx, page)
	if err != nil {
		return
	}
	res.Body.Close()
	if next := res.Header.Get("Next"); next != "" {
		more = true
		page = next
	}
	if more && retries < 100 {
		retries++
		goto Next
	}
}

// Collect keeps what it saw: every item is appended, failed or not, so
// the slice is no failure record.
func Collect(ctx context.Context, tokens []string) {
	rounds := 0
Again:
	var seen []string
	for _, t := range tokens {
		if _, err := push(ctx, t); err != nil {
			return
		}
		seen = append(seen, t)
	}
	if len(seen) > 0 && rounds < 3 {
		rounds++
		goto Again
	}
}

// Deliver goes round while deliveries are pending: pending holds only
// what failed, after the first round.
func Deliver(ctx context.Context, items []string) {
	pending := items
	for attempt := 0; len(pending) > 0 && attempt < 4; attempt++ { // want `retry loop retries at once`
		var failed []string
		for _, it := range pending {
			if _, err := push(ctx, it); err != nil {
				failed = append(failed, it)
			}
		}
		pending = failed
	}
}

// Drain works through a queue: each round takes the next item, whatever
// became of the last; no failure record.
func Drain(ctx context.Context, queue []string) {
	for len(queue) > 0 {
		item := queue[0]
		queue = queue[1:]
		if _, err := push(ctx, item); err != nil {
			continue
		}
	}
}

type batchResult struct{ Errors []error }

func sendBatch(ctx context.Context, tokens []string) (*batchResult, error) {
	return nil, errors.New("unreachable")
}

// failedTokens returns the tokens whose send failed.
func failedTokens(tokens []string, res *batchResult) []string {
	var out []string
	for k, err := range res.Errors {
		if err != nil {
			out = append(out, tokens[k])
		}
	}
	return out
}

// sentTokens returns the tokens that went out: no failure record.
func sentTokens(tokens []string, res *batchResult) (out []string) {
	for k, err := range res.Errors {
		if err == nil {
			out = append(out, tokens[k])
		}
	}
	return
}

// PushBatch resends, at once, the tokens a helper says failed.
func PushBatch(ctx context.Context, tokens []string, maxRetry int) error {
	retryCount := 0
Retry: // want `retry loop retries at once`
	res, err := sendBatch(ctx, tokens)
	if err != nil {
		return err
	}
	if next := failedTokens(tokens, res); len(next) > 0 && retryCount < maxRetry {
		retryCount++
		tokens = next
		goto Retry
	}
	return nil
}

// Confirm sends a confirmation for the tokens that went out, a few times.
func Confirm(ctx context.Context, tokens []string) error {
	rounds := 0
Again:
	res, err := sendBatch(ctx, tokens)
	if err != nil {
		return err
	}
	sent := sentTokens(tokens, res)
	if len(sent) > 0 && rounds < 2 {
		rounds++
		tokens = sent
		goto Again
	}
	return nil
}

type pushResult struct {
	Code string
	Next string
}

func pushAll(ctx context.Context, tokens []string) (*pushResult, error) {
	return nil, errors.New("unreachable")
}

// PushCoded resends the batch whenever the answer's code is not the one
// that means success.
func PushCoded(ctx context.Context, tokens []string, maxRetry int) error {
	retryCount := 0
Retry: // want `retry loop retries at once`
	isError := false
	res, err := pushAll(ctx, tokens)
	if err != nil {
		return err
	}
	if res.Code == "80000000" {
		println("sent")
	} else {
		isError = true
	}
	if isError && retryCount < maxRetry {
		retryCount++
		goto Retry
	}
	return nil
}

// PushPaged follows the answer's next page: an empty next ends it, so
// the else is no failure.
func PushPaged(ctx context.Context, tokens []string) error {
	pages := 0
Next:
	more := false
	res, err := pushAll(ctx, tokens)
	if err != nil {
		return err
	}
	if res.Next == "" {
		println("last page")
	} else {
		more = true
	}
	if more && pages < 10 {
		pages++
		goto Next
	}
	return nil
}
