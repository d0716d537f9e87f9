// want package:`waits Verify VerifySlowly`

// Package zerodelayuse calls another package's retry helper with no delay.
package zerodelayuse

import "zerodelay"

func verify() error { return nil }

func Verify() error {
	return zerodelay.WithRetries(5, 0, verify) // want `WithRetries is given no delay \(0\) and retries at once`
}

func VerifySlowly() error {
	return zerodelay.WithRetries(5, 1e9, verify)
}
