// Package log is a program's own logger: Fatal logs and ends the program.
package log

import (
	"fmt"
	"os"
)

var Strict bool

func write(args ...any) { fmt.Fprintln(os.Stderr, args...) }

// Fatal never returns.
func Fatal(args ...any) {
	write(args...)
	os.Exit(1)
}

// Fatalf never returns either: it ends in Fatal.
func Fatalf(format string, args ...any) {
	Fatal(fmt.Sprintf(format, args...))
}

// Error ends the program only in strict mode.
func Error(args ...any) {
	write(args...)
	if Strict {
		os.Exit(1)
	}
}
