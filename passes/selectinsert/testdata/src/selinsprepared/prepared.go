// Package selinsprepared keeps its statements in struct fields, prepared
// once by a constructor and run by the methods: the SQL a method runs is
// the text its field was prepared with.
package selinsprepared

import (
	"context"
	"database/sql"
)

const schema = `
CREATE TABLE IF NOT EXISTS filters (
	id SERIAL UNIQUE,
	localpart TEXT NOT NULL,
	filter TEXT NOT NULL,
	PRIMARY KEY(id, localpart)
);
CREATE TABLE IF NOT EXISTS aliases (
	alias TEXT NOT NULL PRIMARY KEY,
	room TEXT NOT NULL
);
`

const (
	selectFilterIDSQL = "SELECT id FROM filters WHERE localpart = $1 AND filter = $2"
	insertFilterSQL   = "INSERT INTO filters (filter, localpart) VALUES ($1, $2) RETURNING id"
	selectAliasSQL    = "SELECT room FROM aliases WHERE alias = $1"
	insertAliasSQL    = "INSERT INTO aliases (alias, room) VALUES ($1, $2)"
	insertFilterOrNot = "INSERT INTO filters (filter, localpart) VALUES ($1, $2) ON CONFLICT DO NOTHING"
)

// statementList is a table of statements a loop prepares.
type statementList []struct {
	stmt **sql.Stmt
	text string
}

func (l statementList) prepare(db *sql.DB) error {
	for _, s := range l {
		st, err := db.Prepare(s.text)
		if err != nil {
			return err
		}
		*s.stmt = st
	}
	return nil
}

// txStmt runs the statement in the transaction when there is one.
func txStmt(tx *sql.Tx, s *sql.Stmt) *sql.Stmt {
	if tx != nil {
		return tx.Stmt(s)
	}
	return s
}

type filterStatements struct {
	selectFilterID *sql.Stmt
	insertFilter   *sql.Stmt
	selectAlias    *sql.Stmt
	insertAlias    *sql.Stmt
}

func newFilterStatements(db *sql.DB) (*filterStatements, error) {
	if _, err := db.Exec(schema); err != nil {
		return nil, err
	}
	s := &filterStatements{}
	return s, statementList{
		{&s.selectFilterID, selectFilterIDSQL},
		{&s.insertFilter, insertFilterSQL},
		{&s.selectAlias, selectAliasSQL},
		{&s.insertAlias, insertAliasSQL},
	}.prepare(db)
}

// InsertFilter checks for the same filter and inserts it when it is not
// there: nothing unique covers (localpart, filter).
func (s *filterStatements) InsertFilter(ctx context.Context, tx *sql.Tx, localpart, filter string) (id string, err error) {
	var existing string
	err = txStmt(tx, s.selectFilterID).QueryRowContext(ctx, localpart, filter).Scan(&existing)
	if err != nil && err != sql.ErrNoRows {
		return "", err
	}
	if existing != "" {
		return existing, nil
	}
	err = txStmt(tx, s.insertFilter).QueryRowContext(ctx, filter, localpart).Scan(&id) // want `insert into filters runs only when the SELECT at line 81 found nothing`
	return
}

// CreateAlias checks the alias first, but the alias is the primary key: a
// concurrent twin fails on it.
func (s *filterStatements) CreateAlias(ctx context.Context, alias, room string) error {
	var existing string
	err := s.selectAlias.QueryRowContext(ctx, alias).Scan(&existing)
	if err != sql.ErrNoRows {
		return err
	}
	_, err = s.insertAlias.ExecContext(ctx, alias, room)
	return err
}

type tokenStatements struct {
	selectFilterID *sql.Stmt
	insertFilter   *sql.Stmt
	insertOrNot    *sql.Stmt
	// either holds one of two statements: which one runs is not known.
	either *sql.Stmt
}

func prepareTokens(db *sql.DB, upsert bool) (*tokenStatements, error) {
	s := &tokenStatements{}
	var err error
	if s.selectFilterID, err = db.Prepare(selectFilterIDSQL); err != nil {
		return nil, err
	}
	if s.insertFilter, err = db.Prepare(insertFilterSQL); err != nil {
		return nil, err
	}
	if s.insertOrNot, err = db.Prepare(insertFilterOrNot); err != nil {
		return nil, err
	}
	if upsert {
		s.either, err = db.Prepare(insertFilterOrNot)
	} else {
		s.either, err = db.Prepare(selectAliasSQL)
	}
	return s, err
}

// Insert is the same check-then-insert with statements prepared one by one.
func (s *tokenStatements) Insert(ctx context.Context, localpart, filter string) error {
	var n int
	err := s.selectFilterID.QueryRowContext(ctx, localpart, filter).Scan(&n)
	if err == sql.ErrNoRows {
		_, err = s.insertFilter.ExecContext(ctx, filter, localpart) // want `insert into filters runs only when the SELECT at line 135 found nothing`
	}
	return err
}

// InsertOrNot resolves the conflict itself.
func (s *tokenStatements) InsertOrNot(ctx context.Context, localpart, filter string) error {
	var n int
	err := s.selectFilterID.QueryRowContext(ctx, localpart, filter).Scan(&n)
	if err == sql.ErrNoRows {
		_, err = s.insertOrNot.ExecContext(ctx, filter, localpart)
	}
	return err
}

// Either runs a field prepared with two different texts.
func (s *tokenStatements) Either(ctx context.Context, localpart, filter string) error { // want Either:`checks filters\(localpart,filter\)`
	var n int
	err := s.selectFilterID.QueryRowContext(ctx, localpart, filter).Scan(&n)
	if err == sql.ErrNoRows {
		_, err = s.either.ExecContext(ctx, filter, localpart)
	}
	return err
}
