package gorm

import (
	"database/sql"
	"errors"
	"time"

	"gorm.io/gorm/clause"
)

var ErrRecordNotFound = errors.New("record not found")
var ErrDuplicatedKey = errors.New("duplicated key not allowed")

type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
}

type DB struct {
	Error        error
	RowsAffected int64
}

func (db *DB) Model(value interface{}) *DB                                     { return db }
func (db *DB) Where(query interface{}, args ...interface{}) *DB                { return db }
func (db *DB) Clauses(conds ...clause.Expression) *DB                          { return db }
func (db *DB) Table(name string, args ...interface{}) *DB                      { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) *DB                { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) *DB                 { return db }
func (db *DB) Last(dest interface{}, conds ...interface{}) *DB                 { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) *DB                 { return db }
func (db *DB) Count(count *int64) *DB                                          { return db }
func (db *DB) Create(value interface{}) *DB                                    { return db }
func (db *DB) Save(value interface{}) *DB                                      { return db }
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) *DB        { return db }
func (db *DB) Exec(sql string, values ...interface{}) *DB                      { return db }
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) error { return nil }
