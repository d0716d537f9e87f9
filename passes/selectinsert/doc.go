// Package selectinsert defines an Analyzer that reports check-then-insert
// code that no database constraint backs.
package selectinsert

// Doc is the analyzer's documentation.
const Doc = `report a SELECT whose result decides an INSERT that nothing makes safe

"SELECT, and if nothing is there, INSERT" is not a guarantee under
concurrency: two requests both see nothing and both insert. Only the
database can make it safe: a unique constraint the insert runs into.

Reported, at the call that runs the INSERT, is an insert into a table that
runs only when a read of the same table found nothing: the insert is inside
an if (or switch case) whose condition tests the read's outcome, or follows
an if on that outcome that leaves (in a block, or in the body of a switch
or select case). The read is QueryRow(...).Scan with
sql.ErrNoRows or pgx.ErrNoRows, SELECT COUNT compared with 0, directly or through a
function of the program that returns the count (an insert on the branch
where the count found rows, n != 0 or err == nil && n > 0, is not a check
for absence), SELECT MAX
whose maximum the insert builds on (the next version number), SELECT
EXISTS(...), Query then rows.Next(), sqlx Get/Select, pgx QueryRow, GORM
First/Take/Last/Find/Count (v2, and v1's RecordNotFound() and
IsRecordNotFoundError), or a function of the program, in any package, that
returns such an outcome (a store.Exists(ctx, id) or FindIDByEmail(ctx, db,
email) helper, learned as a Fact). Reads and writes go through database/sql
(DB, Tx, Conn, prepared Stmt, the Context variants; a statement kept in a
struct field is read with the text the package prepares it with, by
s.insert, err = db.Prepare(text) or a {&s.insert, text} table a loop
prepares, also through a function that takes and returns a statement such
as tx.Stmt; a field prepared with two texts is not read), sqlx, pgx and
pgxpool, an interface of the program over them (a Queryer with
QueryRowContext, sqlc's DBTX with Exec(ctx, sql, args...): a method named
as theirs that returns a SQL result type, whose text is its first string
parameter after an optional context; an Exec(ctx, cmd string) error of the
program's own is no SQL), and GORM v2 (gorm.io/gorm) and v1
(github.com/jinzhu/gorm): Create, and Save, except of the rows a read
just filled, which it updates by their primary keys. The insert may be an INSERT ... RETURNING run by QueryRow, or
a function of the program that inserts into the table (store.Create(ctx,
row), a Save helper), also learned as a Fact. A call through an interface
whose one implementation is a type of the interface's package (a Store
with one gormStore), or, when that package has none, a type of one of the
program's packages the caller imports (a ports.Accounts implemented by
postgres.Accounts), is a call of that implementation. A query helper that runs the
SQL its caller passes (dbx.Exists(ctx, db, "SELECT 1 FROM carts WHERE
session_id = $1", id)) is read with the caller's text. SQL text is read from
constants, concatenations, fmt.Sprintf with a constant format and local
variables, by a small SQL scanner (comments, quoted and schema-qualified
names). A check and an insert inside a GORM Transaction callback, or in a
transaction at REPEATABLE READ, are still a check-then-insert.

Not reported, because the database backs the insert:

  - an insert with ON CONFLICT, ON DUPLICATE KEY UPDATE, INSERT IGNORE,
    INSERT OR IGNORE/REPLACE, REPLACE, MERGE or WHERE NOT EXISTS; GORM
    Clauses(clause.OnConflict{...}), or v1's Set("gorm:insert_option",
    "ON CONFLICT ..."); an insert helper with any of these;
  - a function that checks an error for a unique violation (SQLSTATE 23505,
    unique_violation, MySQL 1062, pgerrcode.UniqueViolation,
    sqlite3.ErrConstraintUnique, gorm.ErrDuplicatedKey, or the drivers'
    "duplicate key" messages), directly or through a helper (a Fact);
  - a function that opens a transaction with sql.LevelSerializable or
    pgx.Serializable;
  - a function that takes an exclusive advisory lock first
    (pg_advisory_xact_lock, pg_advisory_lock and their try_ forms, MySQL
    GET_LOCK, sp_getapplock), in its own SQL or through a helper that runs
    it: twins taking the same lock run one after the other (the _shared
    forms let both in and do not count);
  - a table whose checked columns (the read's WHERE equality columns) are
    covered by a UNIQUE or PRIMARY KEY constraint in the module's .sql files
    (migrations/ folders included), in the files and directories named by
    -selectinsert.schema (comma-separated, relative to the working
    directory), or in DDL held in Go string constants (CREATE TABLE, CREATE
    UNIQUE INDEX, ALTER TABLE ... ADD UNIQUE); for GORM, in the model's struct tags
    (primaryKey, unique, uniqueIndex, composite uniqueIndex:name; v1's
    primary_key and unique_index, in the gorm or sql tag) or the primary
    key ID. A key must cover the checked columns: UNIQUE (tenant_id, number)
    does not back a check of order_id.

SELECT ... FOR UPDATE does not make it safe: it locks no row that does not
exist yet. GORM FirstOrCreate is itself a find-then-create with no lock and
no conflict clause; it is reported at the call unless a constraint backs its
conditions.`
