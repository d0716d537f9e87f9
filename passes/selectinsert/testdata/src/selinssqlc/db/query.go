// Package db is sqlc-generated code over pgx: the queries run through the
// DBTX interface, whose Exec takes the context first and the SQL text
// second (database/sql's Exec takes the text first).
package db

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

const createRetry = `-- name: CreateRetry :exec
INSERT INTO retries (id, project_id, status) VALUES ($1, $2, 'active')
`

func (q *Queries) CreateRetry(ctx context.Context, id, projectID string) error { // want CreateRetry:`inserts into retries`
	_, err := q.db.Exec(ctx, createRetry, id, projectID)
	return err
}

const findActive = `-- name: FindActive :one
SELECT id, project_id FROM retries WHERE project_id = $1 AND status = 'active'
`

type Retry struct{ ID, ProjectID string }

func (q *Queries) FindActive(ctx context.Context, projectID string) (Retry, error) { // want FindActive:`checks retries\(project_id,status\)`
	row := q.db.QueryRow(ctx, findActive, projectID)
	var i Retry
	err := row.Scan(&i.ID, &i.ProjectID)
	return i, err
}

// Console runs commands on a remote host. Its Exec has the shape of a SQL
// executor's but returns no SQL result: the text it runs is not SQL.
type Console interface {
	Exec(ctx context.Context, cmd string, args ...any) error
}

// Audit inserts through the console when nothing was found: no insert.
func (q *Queries) Audit(ctx context.Context, c Console, projectID string) {
	if _, err := q.FindActive(ctx, projectID); err == nil {
		return
	}
	_ = c.Exec(ctx, "INSERT INTO retries (id, project_id) VALUES ($1, $2)", "audit", projectID)
}
