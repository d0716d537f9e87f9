// Package redeliveracts declares Temporal activities; workflows in another
// package execute them.
package redeliveracts

import "context"

func Capture(ctx context.Context, orderID string) error { return nil }

func Void(ctx context.Context, orderID string) error { return nil }

func Settle(ctx context.Context, batch string) error { return nil }
