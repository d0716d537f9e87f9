package libs

// SQL library paths.
const (
	DatabaseSQL = "database/sql"
	Sqlx        = "github.com/jmoiron/sqlx"
	PgxV5       = "github.com/jackc/pgx/v5"
	PgxPool     = "github.com/jackc/pgx/v5/pgxpool"
	Pgconn      = "github.com/jackc/pgx/v5/pgconn"
	Gorm        = "gorm.io/gorm"
	GormClause  = "gorm.io/gorm/clause"
	Pq          = "github.com/lib/pq"
	MySQL       = "github.com/go-sql-driver/mysql"
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

// GormFinishers lists GORM's reading and creating finishers.
var GormFinishers = Table[GormOp]{
	{Gorm, "DB", "First"}:           GormRead,
	{Gorm, "DB", "Take"}:            GormRead,
	{Gorm, "DB", "Last"}:            GormRead,
	{Gorm, "DB", "Find"}:            GormRead,
	{Gorm, "DB", "Count"}:           GormRead,
	{Gorm, "DB", "Create"}:          GormCreate,
	{Gorm, "DB", "CreateInBatches"}: GormCreate,
	{Gorm, "DB", "Save"}:            GormCreate,
	{Gorm, "DB", "FirstOrCreate"}:   GormFirstOrCreate,
}

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
	"github.com/jackc/pgerrcode", "github.com/VividCortex/mysqlerr", Gorm,
}
