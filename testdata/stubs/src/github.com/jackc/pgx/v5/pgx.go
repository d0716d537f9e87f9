package pgx

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgconn"
)

var ErrNoRows = sql.ErrNoRows

type TxIsoLevel string

const Serializable TxIsoLevel = "serializable"

type TxOptions struct{ IsoLevel TxIsoLevel }

type Row interface{ Scan(dest ...any) error }
type Rows interface {
	Next() bool
	Close()
}

type Conn struct{}

func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row { return nil }
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) {
	return nil, nil
}
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) BeginTx(ctx context.Context, opts TxOptions) (Tx, error) { return nil, nil }

type Tx interface {
	QueryRow(ctx context.Context, sql string, args ...any) Row
	Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error)
	Commit(ctx context.Context) error
}
