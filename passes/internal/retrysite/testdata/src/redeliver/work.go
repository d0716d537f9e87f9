// Package redeliver holds handlers of each framework: the showredelivery
// analyzer reports each Redelivery site, and "runs again" at each call of
// work that a redelivery repeats.
package redeliver

import "context"

func work(ctx context.Context) error { return nil }
