// Package redeliverargs declares river job args; their workers live in
// another package.
package redeliverargs

import "github.com/riverqueue/river"

// ReportArgs jobs run once.
type ReportArgs struct{ Month string }

func (ReportArgs) Kind() string { return "report" }

func (ReportArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// ExportArgs jobs run up to four times.
type ExportArgs struct{ Bucket string }

func (ExportArgs) Kind() string { return "export" }

func (ExportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 4, Queue: "exports"}
}

// CleanupArgs jobs keep the default.
type CleanupArgs struct{}

func (CleanupArgs) Kind() string { return "cleanup" }

func (CleanupArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: "maintenance"} }
