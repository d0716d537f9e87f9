package grpcbilling

import (
	"context"

	"github.com/hibiken/asynq"

	"paymentspb"
)

// Jobs charges from an asynq task: asynq runs the handler again when it
// fails, and every run sends Charge up to four times.
type Jobs struct{ billing *Client }

func (j *Jobs) ProcessTask(ctx context.Context, t *asynq.Task) error { // want ProcessTask:`retries\(attempts=4\)`
	_, err := j.billing.pb.Charge(ctx, &paymentspb.ChargeRequest{Amount: int64(len(t.Payload()))}) // want `retry inside an asynq task handler, which asynq runs up to 26 times: every run repeats this retry, so 26 x 4 = 104 calls`
	return err
}
