// Package middleware is a stub of github.com/ThreeDotsLabs/watermill/message/router/middleware v1.5.1.
package middleware

import (
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
)

type RetryParams struct {
	RetryNum int
	Err      error
	Delay    time.Duration
}

type Retry struct {
	MaxRetries          int
	InitialInterval     time.Duration
	MaxInterval         time.Duration
	Multiplier          float64
	MaxElapsedTime      time.Duration
	RandomizationFactor float64
	OnRetryHook         func(retryNum int, delay time.Duration)
	ShouldRetry         func(params RetryParams) bool
	ResetContextOnRetry bool
	Logger              any
}

func (r Retry) Middleware(h message.HandlerFunc) message.HandlerFunc { return h }

func Recoverer(h message.HandlerFunc) message.HandlerFunc { return h }
