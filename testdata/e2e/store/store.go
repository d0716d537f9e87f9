// Package store checks before it inserts, with database/sql, sqlx, pgx and
// GORM.
package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

func CreateOrder(ctx context.Context, db *sql.DB, ref string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, "INSERT INTO orders (ref) VALUES ($1)", ref)
	}
	return err
}

func CreateOrderSqlx(db *sqlx.DB, ref string) error {
	var n int
	if err := db.Get(&n, "SELECT COUNT(*) FROM orders WHERE ref = ?", ref); err != nil {
		return err
	}
	if n == 0 {
		db.MustExec("INSERT INTO orders (ref) VALUES (?)", ref)
	}
	return nil
}

func CreateOrderPgx(ctx context.Context, pool *pgxpool.Pool, ref string) error {
	var id int64
	err := pool.QueryRow(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = pool.Exec(ctx, "INSERT INTO orders (ref) VALUES ($1) ON CONFLICT (ref) DO NOTHING", ref)
	}
	return err
}

// CreateAccount is backed by the UNIQUE constraint in schema.sql.
func CreateAccount(ctx context.Context, db *sql.DB, email string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM accounts WHERE email = $1", email).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, "INSERT INTO accounts (email) VALUES ($1)", email)
	}
	return err
}

type Customer struct {
	ID    uint
	Email string
	Name  string
}

type Tag struct {
	ID   uint
	Name string `gorm:"uniqueIndex"`
}

func CreateCustomer(db *gorm.DB, name string) error {
	var c Customer
	if err := db.Where("name = ?", name).First(&c).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Customer{Name: name}).Error
	}
	return nil
}

func TagFor(db *gorm.DB, name string) error {
	var t Tag
	if err := db.Where("name = ?", name).First(&t).Error; errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Tag{Name: name}).Error
	}
	var c Customer
	db.Where(Customer{Email: name}).FirstOrCreate(&c)
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Customer{Name: name}).Error
}
