package sqlx

import (
	"context"
	"database/sql"
)

type DB struct{ *sql.DB }
type Tx struct{ *sql.Tx }
type Queryer interface{}
type Execer interface{}

func Connect(driver, dsn string) (*DB, error)                                { return nil, nil }
func (db *DB) Get(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) MustExec(query string, args ...interface{}) sql.Result            { return nil }
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (db *DB) Beginx() (*Tx, error)                                            { return nil, nil }
func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error   { return nil }
func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result           { return nil }
func Get(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }
