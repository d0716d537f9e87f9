// Package gorm is a stub of GORM v1 (github.com/jinzhu/gorm): the finders,
// creators, transactions and the record-not-found helpers the fixtures use.
package gorm

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var ErrRecordNotFound = errors.New("record not found")

func IsRecordNotFoundError(err error) bool { return err == ErrRecordNotFound }

type Model struct {
	ID        uint `gorm:"primary_key"`
	CreatedAt time.Time
}

type DB struct {
	Value        interface{}
	Error        error
	RowsAffected int64
}

func Open(dialect string, args ...interface{}) (*DB, error)           { return &DB{}, nil }
func (s *DB) Model(value interface{}) *DB                             { return s }
func (s *DB) Table(name string) *DB                                   { return s }
func (s *DB) Where(query interface{}, args ...interface{}) *DB        { return s }
func (s *DB) Set(name string, value interface{}) *DB                  { return s }
func (s *DB) First(out interface{}, where ...interface{}) *DB         { return s }
func (s *DB) Take(out interface{}, where ...interface{}) *DB          { return s }
func (s *DB) Last(out interface{}, where ...interface{}) *DB          { return s }
func (s *DB) Find(out interface{}, where ...interface{}) *DB          { return s }
func (s *DB) Count(value interface{}) *DB                             { return s }
func (s *DB) Create(value interface{}) *DB                            { return s }
func (s *DB) Save(value interface{}) *DB                              { return s }
func (s *DB) FirstOrCreate(out interface{}, where ...interface{}) *DB { return s }
func (s *DB) Exec(sql string, values ...interface{}) *DB              { return s }
func (s *DB) Raw(sql string, values ...interface{}) *DB               { return s }
func (s *DB) Scan(dest interface{}) *DB                               { return s }
func (s *DB) RecordNotFound() bool                                    { return false }
func (s *DB) Transaction(fc func(tx *DB) error) (err error)           { return fc(s) }
func (s *DB) Begin() *DB                                              { return s }
func (s *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) *DB    { return s }
func (s *DB) Commit() *DB                                             { return s }
func (s *DB) Rollback() *DB                                           { return s }
func (s *DB) AddUniqueIndex(indexName string, columns ...string) *DB  { return s }
func (s *DB) GetErrors() []error                                      { return nil }
