// Package errors is a stub of github.com/pkg/errors.
package errors

import (
	stderrors "errors"
	"fmt"
)

// New returns an error with the message and a stack trace.
func New(message string) error { return stderrors.New(message) }

// Errorf formats an error with a stack trace.
func Errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// Wrap annotates err with message; nil for a nil err.
func Wrap(err error, message string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", message, err)
}

// Is reports whether any error in err's chain matches target.
func Is(err, target error) bool { return stderrors.Is(err, target) }

// As finds the first error in err's chain that matches target.
func As(err error, target any) bool { return stderrors.As(err, target) }
