package libs

import "go/types"

// SQL library paths.
const (
	DatabaseSQL = "database/sql"
	Sqlx        = "github.com/jmoiron/sqlx"
	PgxV5       = "github.com/jackc/pgx/v5"
	PgxPool     = "github.com/jackc/pgx/v5/pgxpool"
	Pgconn      = "github.com/jackc/pgx/v5/pgconn"
	Gorm        = "gorm.io/gorm"
	// GormV1 is GORM v1, still common in legacy services: the same
	// finishers on *gorm.DB, RecordNotFound() and IsRecordNotFoundError for
	// a miss, no Clauses (a conflict clause goes through
	// Set("gorm:insert_option", ...)).
	GormV1     = "github.com/jinzhu/gorm"
	GormClause = "gorm.io/gorm/clause"
	Pq         = "github.com/lib/pq"
	MySQL      = "github.com/go-sql-driver/mysql"
)

// SQLCalls maps calls that run SQL text to the index of the text argument.
// sqlx's embedded database/sql methods resolve to database/sql, so they are
// covered by those rows.
var SQLCalls = func() Table[int] {
	t := Table[int]{
		{Sqlx, "*", "Get"}: 1, {Sqlx, "*", "GetContext"}: 2,
		{Sqlx, "*", "Select"}: 1, {Sqlx, "*", "SelectContext"}: 2,
		{Sqlx, "*", "MustExec"}: 0, {Sqlx, "*", "MustExecContext"}: 1,
		{Sqlx, "*", "NamedExec"}: 0, {Sqlx, "*", "NamedExecContext"}: 1,
		{Sqlx, "*", "QueryRowx"}: 0, {Sqlx, "*", "QueryRowxContext"}: 1,
		{Sqlx, "*", "Queryx"}: 0, {Sqlx, "*", "QueryxContext"}: 1,
		{Sqlx, "*", "NamedQuery"}: 0, {Sqlx, "*", "NamedQueryContext"}: 1,
		{Sqlx, "", "Get"}: 2, {Sqlx, "", "GetContext"}: 3,
		{Sqlx, "", "Select"}: 2, {Sqlx, "", "SelectContext"}: 3,
		{Sqlx, "", "MustExec"}: 1, {Sqlx, "", "MustExecContext"}: 2,
		{Sqlx, "", "NamedExec"}: 1, {Sqlx, "", "NamedExecContext"}: 2,
		{Gorm, "DB", "Exec"}: 0, {Gorm, "DB", "Raw"}: 0,
		{GormV1, "DB", "Exec"}: 0, {GormV1, "DB", "Raw"}: 0,
	}
	for _, recv := range []string{"DB", "Tx", "Conn"} {
		for name, i := range map[string]int{
			"Query": 0, "QueryContext": 1, "QueryRow": 0, "QueryRowContext": 1,
			"Exec": 0, "ExecContext": 1, "Prepare": 0, "PrepareContext": 1,
		} {
			t[Func{DatabaseSQL, recv, name}] = i
		}
	}
	for _, pkg := range []string{PgxV5, PgxPool} {
		for _, name := range []string{"QueryRow", "Query", "Exec"} {
			t[Func{pkg, "*", name}] = 1
		}
	}
	return t
}()

// PreparedCalls run the SQL of the statement they are called on.
var PreparedCalls = Table[bool]{
	{DatabaseSQL, "Stmt", "Exec"}: true, {DatabaseSQL, "Stmt", "ExecContext"}: true,
	{DatabaseSQL, "Stmt", "Query"}: true, {DatabaseSQL, "Stmt", "QueryContext"}: true,
	{DatabaseSQL, "Stmt", "QueryRow"}: true, {DatabaseSQL, "Stmt", "QueryRowContext"}: true,
}

// GormOp is what a GORM finisher does.
type GormOp int

const (
	GormRead GormOp = iota + 1
	GormCreate
	GormFirstOrCreate
)

// GormFinishers lists GORM's reading and creating finishers, in v2 and v1
// (which has no CreateInBatches).
var GormFinishers = func() Table[GormOp] {
	t := Table[GormOp]{{Gorm, "DB", "CreateInBatches"}: GormCreate}
	for _, pkg := range []string{Gorm, GormV1} {
		for name, op := range map[string]GormOp{
			"First": GormRead, "Take": GormRead, "Last": GormRead, "Find": GormRead, "Count": GormRead,
			"Create": GormCreate, "Save": GormCreate, "FirstOrCreate": GormFirstOrCreate,
		} {
			t[Func{pkg, "DB", name}] = op
		}
	}
	return t
}()

// GormPackages are the GORM versions whose finishers are read.
var GormPackages = []string{Gorm, GormV1}

// UniqueViolationObjects are named values that denote a unique violation.
var UniqueViolationObjects = Table[bool]{
	{Gorm, "", "ErrDuplicatedKey"}:                             true,
	{"github.com/jackc/pgerrcode", "", "UniqueViolation"}:      true,
	{"github.com/lib/pq/pqerror", "", "UniqueViolation"}:       true,
	{"github.com/mattn/go-sqlite3", "", "ErrConstraintUnique"}: true,
	{"github.com/VividCortex/mysqlerr", "", "ER_DUP_ENTRY"}:    true,
}

// SerializableObjects are the isolation levels under which a
// check-then-insert cannot both succeed.
var SerializableObjects = Table[bool]{
	{DatabaseSQL, "", "LevelSerializable"}: true,
	{PgxV5, "", "Serializable"}:            true,
}

// DriverErrorPackages define the errors a unique violation comes as.
var DriverErrorPackages = []string{
	Pgconn, Pq, "github.com/lib/pq/pqerror", MySQL, "github.com/mattn/go-sqlite3",
	"github.com/jackc/pgerrcode", "github.com/VividCortex/mysqlerr", Gorm, GormV1,
}

// sqlResultPackages declare the values a query method returns (sql.Row,
// sql.Result, pgx.Row, pgconn.CommandTag).
var sqlResultPackages = map[string]bool{DatabaseSQL: true, Sqlx: true, PgxV5: true, Pgconn: true}

// SQLTextArg returns the index of the SQL text argument of a call of fn:
// a row of SQLCalls, or a method of an interface the program declares over
// its database handle (type Queryer interface { QueryRowContext(ctx,
// query string, args ...any) *sql.Row }, or sqlc's DBTX over pgx:
// Exec(ctx, string, ...any) (pgconn.CommandTag, error)), recognised by a
// method name that runs SQL in database/sql or pgx, a result declared by a
// SQL package, and a string as the first parameter after an optional
// context.Context: the text's position is read from the parameter types,
// since database/sql's Exec takes it first and pgx's Exec second. An
// interface method Exec(ctx, cmd string) error of the program's own (a
// shell runner, a job queue) has no SQL result and is not one.
func SQLTextArg(fn *types.Func) (int, bool) {
	if i, ok := SQLCalls.Lookup(fn); ok || fn == nil {
		return i, ok
	}
	sig := fn.Signature()
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || !sqlMethodName(fn.Name()) {
		return 0, false
	}
	i := 0
	if sig.Params().Len() > 0 && IsNamed(sig.Params().At(0).Type(), "context", "Context") {
		i = 1
	}
	if i >= sig.Params().Len() {
		return 0, false
	}
	if b, isBasic := sig.Params().At(i).Type().Underlying().(*types.Basic); !isBasic || b.Kind() != types.String {
		return 0, false
	}
	for j := range sig.Results().Len() {
		t := sig.Results().At(j).Type()
		if p, isPtr := t.(*types.Pointer); isPtr {
			t = p.Elem()
		}
		if n, isNamed := types.Unalias(t).(*types.Named); isNamed && n.Obj().Pkg() != nil && sqlResultPackages[n.Obj().Pkg().Path()] {
			return i, true
		}
	}
	return 0, false
}

// sqlMethodName reports whether database/sql's DB or pgx's handles have a
// method of that name that runs SQL text.
func sqlMethodName(name string) bool {
	if _, ok := SQLCalls[Func{DatabaseSQL, "DB", name}]; ok {
		return true
	}
	_, ok := SQLCalls[Func{PgxV5, "*", name}]
	return ok
}
