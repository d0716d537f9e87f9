package billing

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"

	"httpkit"
)

// Payouts sends payouts through the shared doer of another package.
type Payouts struct{ doer *httpkit.Doer }

// Pay makes the key inside the operation: each attempt sends a new one,
// so a retry after a timeout pays twice.
func (p *Payouts) Pay(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		return p.doer.SendKeyed(ctx, http.MethodPost, "/payouts", uuid.NewString(), body) // want `Idempotency-Key key is generated on every attempt`
	}, retry.Attempts(3), retry.Context(ctx))
}

// PayOnce makes the key once, before the retry: every attempt sends it.
func (p *Payouts) PayOnce(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	return retry.Do(func() error {
		return p.doer.SendKeyed(ctx, http.MethodPost, "/payouts", key, body)
	}, retry.Attempts(3), retry.Context(ctx))
}

// Replace sends a PUT, which is idempotent: a fresh key does no harm.
func (p *Payouts) Replace(ctx context.Context, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = p.doer.SendKeyed(ctx, http.MethodPut, "/payouts/1", uuid.NewString(), body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Batch keys each payout of a batch by its own new key: the loop moves
// to the next payout, it does not retry.
func (p *Payouts) Batch(ctx context.Context, bodies [][]byte) error {
	for _, b := range bodies {
		if err := p.doer.SendKeyed(ctx, http.MethodPost, "/payouts", uuid.NewString(), b); err != nil {
			return err
		}
	}
	return nil
}
