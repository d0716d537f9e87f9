// want package:`waits report`

// Package maperr retries on an error the program maps from the attempt's
// error (sqlErr := MapError(err)): a mapped error that is not nil is a
// failed attempt.
package maperr

import (
	"context"
	"database/sql"
	"errors"
	"strings"
)

// Error is a database error with its SQLSTATE code.
type Error struct{ Code string }

func (e *Error) Error() string { return e.Code }

// MapError returns the database error err holds, or nil.
func MapError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

func update(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "update jobs set state = 'done'")
	return err
}

// process runs the update again at once after a serialization failure
// (class 40), until its context ends.
func process(ctx context.Context, db *sql.DB) {
	for { // want `retry loop retries at once`
		err := update(ctx, db)
		if sqlErr := MapError(err); ctx.Err() == nil && sqlErr != nil && strings.HasPrefix(sqlErr.Code, "40") {
			continue
		}
		break
	}
}

// saveAll moves on to the next row after a duplicate: a walk over the
// rows, not a retry.
func saveAll(ctx context.Context, db *sql.DB, names []string) {
	for _, name := range names {
		_, err := db.ExecContext(ctx, "insert into users(name) values($1)", name)
		if e := MapError(err); e != nil && e.Code == "23505" {
			continue
		}
	}
}

// report maps an error it was given, not an attempt's: its loop is a
// worker's, going round after every message.
func report(ctx context.Context, db *sql.DB, errs <-chan error) {
	for {
		select {
		case <-ctx.Done():
			return
		case err := <-errs:
			if e := MapError(err); e != nil {
				continue
			}
			_ = update(ctx, db)
		}
	}
}
