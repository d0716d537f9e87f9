// Package cli stands for a command-line library: a command's flags,
// looked up by name.
package cli

import "time"

type Command struct{ m map[string]time.Duration }

// Duration returns the value of the flag named name.
func (c *Command) Duration(name string) time.Duration { return c.m[name] }
