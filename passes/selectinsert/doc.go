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
an if on that outcome that returns. The read is QueryRow(...).Scan with
sql.ErrNoRows or pgx.ErrNoRows, SELECT COUNT compared with 0 (an insert on
the branch where the count found rows is not a check for absence), SELECT MAX
whose maximum the insert builds on (the next version number), SELECT
EXISTS(...), Query then rows.Next(), sqlx Get/Select, pgx QueryRow, GORM
First/Take/Last/Find/Count, or a function of the package that returns such
an outcome (an exists(ctx, id) helper). Reads and writes go through
database/sql (DB, Tx, Conn, prepared Stmt, the Context variants), sqlx, pgx
and pgxpool, and GORM (Create, and Save, except of the rows a read just
filled, which it updates by their primary keys). SQL text is read from constants,
concatenations, fmt.Sprintf with a constant format and local variables, by a
small SQL scanner (comments, quoted and schema-qualified names).

Not reported, because the database backs the insert:

  - an insert with ON CONFLICT, ON DUPLICATE KEY UPDATE, INSERT IGNORE,
    INSERT OR IGNORE/REPLACE, REPLACE, MERGE or WHERE NOT EXISTS; GORM
    Clauses(clause.OnConflict{...});
  - a function that checks an error for a unique violation (SQLSTATE 23505,
    unique_violation, MySQL 1062, pgerrcode.UniqueViolation,
    sqlite3.ErrConstraintUnique, gorm.ErrDuplicatedKey, or the drivers'
    "duplicate key" messages), directly or through a helper (a Fact);
  - a function that opens a transaction with sql.LevelSerializable or
    pgx.Serializable;
  - a table whose checked columns (the read's WHERE equality columns) are
    covered by a UNIQUE or PRIMARY KEY constraint in the module's .sql files
    (migrations/ folders included), in the files and directories named by
    -selectinsert.schema (comma-separated, relative to the working
    directory), or in DDL held in Go string constants (CREATE TABLE, CREATE
    UNIQUE INDEX, ALTER TABLE ... ADD UNIQUE); for GORM, in the model's struct tags
    (primaryKey, unique, uniqueIndex, composite uniqueIndex:name) or the
    primary key ID.

SELECT ... FOR UPDATE does not make it safe: it locks no row that does not
exist yet. GORM FirstOrCreate is itself a find-then-create with no lock and
no conflict clause; it is reported at the call unless a constraint backs its
conditions.`
