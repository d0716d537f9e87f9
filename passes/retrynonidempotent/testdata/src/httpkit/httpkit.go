// Package httpkit holds the request builders and the retry helper that the
// service clients of package billing share, so every fact crosses a
// package boundary.
package httpkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"syscall"
	"time"

	"github.com/google/uuid"
)

// NewJSONRequest builds a request with body encoded as JSON.
func NewJSONRequest(ctx context.Context, method, url string, body any) (*http.Request, error) { // want NewJSONRequest:`builds param 1 request \(keyed=false fresh=false\)`
	var rd io.Reader = http.NoBody
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// NewIdempotentRequest is NewJSONRequest with a key made on every call.
func NewIdempotentRequest(ctx context.Context, method, url string, body any) (*http.Request, error) { // want NewIdempotentRequest:`builds param 1 request \(keyed=true fresh=true\)`
	req, err := NewJSONRequest(ctx, method, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	return req, nil
}

// NewKeyedRequest is NewJSONRequest with the caller's key.
func NewKeyedRequest(ctx context.Context, method, url, key string, body any) (*http.Request, error) { // want NewKeyedRequest:`builds param 1 request \(keyed=true fresh=false\)`
	req, err := NewJSONRequest(ctx, method, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}

// NewPostRequest always builds a POST.
func NewPostRequest(ctx context.Context, url string, body any) (*http.Request, error) { // want NewPostRequest:`builds POST request \(keyed=false fresh=false\)`
	return NewJSONRequest(ctx, http.MethodPost, url, body)
}

// TimeKey folds the clock into a key: a new one on every call.
func TimeKey(prefix string) string { // want TimeKey:`returns a fresh value`
	return prefix + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
}

// OrderKey derives the key from the order: the same on every call.
func OrderKey(orderID string) string {
	return "order-" + orderID
}

// Retry runs op up to attempts times.
func Retry(ctx context.Context, attempts int, op func(ctx context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * 100 * time.Millisecond)
	}
	return err
}

// IsConnRefused reports whether the dial was refused: nothing was sent.
func IsConnRefused(err error) bool {
	return errors.Is(err, syscall.ECONNREFUSED)
}

// IsTemporary is true for more than refused dials: a reset connection may
// follow a request the server processed.
func IsTemporary(err error) bool {
	return IsConnRefused(err) || errors.Is(err, syscall.ECONNRESET)
}
