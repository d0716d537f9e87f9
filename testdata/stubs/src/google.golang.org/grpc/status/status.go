// Package status is a stub of google.golang.org/grpc/status.
package status

import "google.golang.org/grpc/codes"

type statusError struct{ c codes.Code }

func (e *statusError) Error() string { return "rpc error" }

// Error returns an error carrying c, nil for codes.OK.
func Error(c codes.Code, msg string) error {
	if c == codes.OK {
		return nil
	}
	return &statusError{c}
}

// Code returns the code of err: OK for nil, Unknown for an error that
// carries none.
func Code(err error) codes.Code {
	if err == nil {
		return codes.OK
	}
	if se, ok := err.(*statusError); ok {
		return se.c
	}
	return codes.Unknown
}
