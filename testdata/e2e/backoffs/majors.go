package backoffs

import (
	"context"
	"time"

	backoff6 "github.com/cenkalti/backoff/v6"
	backoff7 "github.com/cenkalti/backoff/v7"
)

func fetch() (string, error) { return "", errTemp }

// Majors retries with cenkalti/backoff v6 and v7, whose Retry takes its
// policy and limits as options, as v5's does.
func Majors(ctx context.Context) {
	_, _ = backoff7.Retry(ctx, fetch, backoff7.WithBackOff(backoff7.NewConstantBackOff(time.Second)))
	_, _ = backoff7.Retry(context.Background(), fetch, backoff7.WithMaxElapsedTime(0))
	b := backoff6.NewExponentialBackOff()
	b.RandomizationFactor = 0
	_, _ = backoff6.Retry(ctx, fetch, backoff6.WithBackOff(b), backoff6.WithMaxTries(5))

	// Safe: jittered, capped and bounded.
	_, _ = backoff7.Retry(ctx, fetch, backoff7.WithMaxTries(5))
	_, _ = backoff6.Retry(ctx, fetch)
}
