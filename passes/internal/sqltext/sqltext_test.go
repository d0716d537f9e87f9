package sqltext

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParse(t *testing.T) {
	tests := []struct {
		sql  string
		want Statement
	}{
		{"SELECT id FROM users WHERE email = $1", Statement{Verb: "SELECT", Table: "users", Where: []string{"email"}}},
		{"select count(*) from public.\"Orders\" where id = ?", Statement{Verb: "SELECT", Table: "orders", Count: true, Where: []string{"id"}}},
		{"SELECT EXISTS(SELECT 1 FROM orders WHERE id=$1)", Statement{Verb: "SELECT", Table: "orders", Exists: true, Where: []string{"id"}}},
		{"SELECT MAX(version) FROM appmigrations", Statement{Verb: "SELECT", Table: "appmigrations", Max: true}},
		{"SELECT id FROM orders WHERE total = (SELECT MAX(total) FROM orders)", Statement{Verb: "SELECT", Table: "orders", Where: []string{"total"}}},
		{"SELECT id FROM orders WHERE o.id = $1 AND status IN ('a') FOR UPDATE", Statement{Verb: "SELECT", Table: "orders", ForUpdate: true, Where: []string{"id", "status"}}},
		{"-- find it\nSELECT /* hint */ id FROM `orders`", Statement{Verb: "SELECT", Table: "orders"}},
		{"INSERT INTO orders (id, user_id) VALUES ($1, $2)", Statement{Verb: "INSERT", Table: "orders", Columns: []string{"id", "user_id"}}},
		{"insert into app.orders(id) values(1) on conflict (id) do nothing", Statement{Verb: "INSERT", Table: "orders", Columns: []string{"id"}, Conflict: true}},
		{"INSERT INTO t (a) VALUES (?) ON DUPLICATE KEY UPDATE a = a", Statement{Verb: "INSERT", Table: "t", Columns: []string{"a"}, Conflict: true}},
		{"INSERT IGNORE INTO t (a) VALUES (?)", Statement{Verb: "INSERT", Table: "t", Columns: []string{"a"}, Conflict: true}},
		{"INSERT OR REPLACE INTO t (a) VALUES (?)", Statement{Verb: "INSERT", Table: "t", Columns: []string{"a"}, Conflict: true}},
		{"INSERT INTO t (a) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM t WHERE a = $1)", Statement{Verb: "INSERT", Table: "t", Columns: []string{"a"}, Conflict: true}},
		{"MERGE INTO t USING s ON t.id = s.id", Statement{Verb: "MERGE", Table: "t", Conflict: true}},
		{"SELECT count(*) FROM ?.users WHERE email = $1", Statement{Verb: "SELECT", Table: "users", Count: true, Where: []string{"email"}}},
		{"INSERT INTO ?.users (email) VALUES ($1)", Statement{Verb: "INSERT", Table: "users", Columns: []string{"email"}}},
		{"WITH x AS (SELECT 1) INSERT INTO t (a) VALUES (1)", Statement{Verb: "INSERT", Table: "t", Columns: []string{"a"}}},
		{"INSERT INTO t (a) VALUES ('on conflict')", Statement{Verb: "INSERT", Table: "t", Columns: []string{"a"}}},
		{"hello world", Statement{}},
		{"", Statement{}},
		{"'unterminated", Statement{}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, Parse(tt.sql), tt.sql)
	}
}

func TestSchema(t *testing.T) {
	s := Schema{}
	s.ReadDDL(`
		CREATE TABLE IF NOT EXISTS users (
			id BIGSERIAL PRIMARY KEY,
			email TEXT NOT NULL UNIQUE,
			name TEXT
		);
		CREATE TABLE "orders" (
			id BIGINT,
			user_id BIGINT,
			ref TEXT,
			CONSTRAINT orders_pk PRIMARY KEY (id),
			UNIQUE (user_id, ref)
		);
		CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS idx ON payments USING btree (provider_ref);
		ALTER TABLE ONLY events ADD CONSTRAINT ev_uq UNIQUE (source, external_id);
		CREATE TABLE logs (id INT, msg TEXT);
	`)
	assert.True(t, s.Unique("users", []string{"email"}))
	assert.True(t, s.Unique("users", []string{"id", "name"}))
	assert.False(t, s.Unique("users", []string{"name"}))
	assert.True(t, s.Unique("orders", []string{"user_id", "ref", "amount"}))
	assert.False(t, s.Unique("orders", []string{"user_id"}))
	assert.True(t, s.Unique("payments", []string{"provider_ref"}))
	assert.True(t, s.Unique("events", []string{"source", "external_id"}))
	assert.False(t, s.Unique("logs", nil))
	assert.True(t, s.Unique("orders", nil))
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"SELECT 1 FROM t", "INSERT INTO t (a) VALUES (1) ON CONFLICT DO NOTHING", "'", "/*", "[", "\"a\".\"b\"", "WITH (", "CREATE TABLE t (a int unique, primary key (a))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		_ = Parse(sql)
		Schema{}.ReadDDL(sql)
	})
}
