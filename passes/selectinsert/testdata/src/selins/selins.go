package selins

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"selinshelper"
)

const insertOrder = `INSERT INTO orders (ref, user_id) VALUES ($1, $2)`

// Migrations written as Go code: this DDL backs the "members" table.
const createMembers = `CREATE TABLE members (id SERIAL, handle TEXT, CONSTRAINT members_handle UNIQUE (handle))`

// --- reported ---

func errNoRows(ctx context.Context, db *sql.DB, ref string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, insertOrder, ref, 1) // want `insert into orders runs only when the SELECT at line 28 found nothing, and no unique constraint or conflict clause backs it`
	}
	return err
}

func countZero(db *sql.DB, ref string) error {
	var n int
	if err := db.QueryRow(`select count(*) from "public"."orders" where ref = ?`, ref).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		_, err := db.Exec("insert into public.orders (ref) values (?)", ref) // want `insert into orders runs only when the SELECT COUNT at line 37 found nothing`
		return err
	}
	return nil
}

func existsEarlyReturn(ctx context.Context, tx *sql.Tx, ref string) error {
	var exists bool
	if err := tx.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM orders WHERE ref=$1)", ref).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	_, err := tx.ExecContext(ctx, fmt.Sprintf("INSERT INTO %s (ref) VALUES ($1)", "orders"), ref) // want `insert into orders runs only when the SELECT EXISTS`
	return err
}

func queryNext(db *sql.DB, ref string) error {
	rows, err := db.Query("SELECT id FROM orders WHERE ref = $1", ref)
	if err != nil {
		return err
	}
	defer rows.Close()
	if !rows.Next() {
		_, err = db.Exec(insertOrder, ref, 2) // want `insert into orders runs only when the SELECT at line 60`
	}
	return err
}

func forUpdateIsNotALock(ctx context.Context, tx *sql.Tx, ref string) error {
	var id int64
	err := tx.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1 FOR UPDATE", ref).Scan(&id)
	switch {
	case err == sql.ErrNoRows:
		_, err = tx.ExecContext(ctx, insertOrder, ref, 3) // want `insert into orders runs only when the SELECT`
	}
	return err
}

func preparedStatement(db *sql.DB, ref string) error {
	var id int
	err := db.QueryRow("SELECT id FROM orders WHERE ref = ?", ref).Scan(&id)
	if err == sql.ErrNoRows {
		stmt, _ := db.Prepare("INSERT INTO orders (ref) VALUES (?)")
		_, err = stmt.Exec(ref) // want `insert into orders runs only when`
	}
	return err
}

func sqlxGet(db *sqlx.DB, ref string) error {
	var id int
	if err := db.Get(&id, "SELECT id FROM orders WHERE ref = ?", ref); err == sql.ErrNoRows {
		db.MustExec("INSERT INTO orders (ref) VALUES (?)", ref) // want `insert into orders runs only when`
	}
	return nil
}

func pgxPool(ctx context.Context, pool *pgxpool.Pool, ref string) error {
	var id int64
	err := pool.QueryRow(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = pool.Exec(ctx, insertOrder, ref, 4) // want `insert into orders runs only when`
	}
	return err
}

func helperOtherPackage(ctx context.Context, db *sql.DB, ref string) error {
	ok, err := selinshelper.OrderExists(ctx, db, ref)
	if err != nil || ok {
		return err
	}
	_, err = db.ExecContext(ctx, insertOrder, ref, 5) // want `insert into orders runs only when the OrderExists\(\) at line 109`
	return err
}

func exists(db *sql.DB, ref string) bool { // want exists:`counts orders\(ref\)`
	var n int
	db.QueryRow("SELECT COUNT(*) FROM orders WHERE ref = $1", ref).Scan(&n)
	return n > 0
}

func helperSamePackage(db *sql.DB, ref string) {
	if !exists(db, ref) {
		db.Exec(insertOrder, ref, 6) // want `insert into orders runs only when the exists\(\) at line 124`
	}
}

type User struct {
	ID    uint
	Email string
	Name  string
}

func gormFirstCreate(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&User{Email: email}).Error // want `insert into User runs only when the GORM First at line 137`
	}
	return err
}

func gormCount(db *gorm.DB, name string) {
	var n int64
	db.Model(&User{}).Where("name = ?", name).Count(&n)
	if n == 0 {
		db.Create(&User{Name: name}) // want `insert into User runs only when the GORM Count`
	}
}

func gormFirstOrCreate(db *gorm.DB, name string) {
	var u User
	db.Where(User{Name: name}).FirstOrCreate(&u) // want `FirstOrCreate is a find-then-create with no lock and no conflict clause`
}

// --- not reported ---

func onConflict(ctx context.Context, db *sql.DB, ref string) error {
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if err == sql.ErrNoRows {
		_, err = db.ExecContext(ctx, "INSERT INTO orders (ref) VALUES ($1) ON CONFLICT (ref) DO NOTHING", ref)
	}
	return err
}

func insertIgnore(db *sql.DB, ref string) {
	var id int64
	if err := db.QueryRow("SELECT id FROM orders WHERE ref = ?", ref).Scan(&id); err == sql.ErrNoRows {
		db.Exec("INSERT IGNORE INTO orders (ref) VALUES (?)", ref)
	}
}

func uniqueViolationHandled(ctx context.Context, db *sql.DB, ref string) error { // want uniqueViolationHandled:`detects unique violations`
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if err == sql.ErrNoRows {
		_, err = db.ExecContext(ctx, insertOrder, ref, 7)
		if err != nil && strings.Contains(err.Error(), "duplicate key") {
			return nil
		}
	}
	return err
}

func uniqueViolationByHelper(ctx context.Context, db *sql.DB, ref string) error { // want uniqueViolationByHelper:`detects unique violations`
	var id int64
	err := db.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if err == sql.ErrNoRows {
		_, err = db.ExecContext(ctx, insertOrder, ref, 8)
		if selinshelper.IsUniqueViolation(err) {
			return nil
		}
	}
	return err
}

func serializableTx(ctx context.Context, db *sql.DB, ref string) error {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelSerializable})
	if err != nil {
		return err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id); err == sql.ErrNoRows {
		_, err = tx.ExecContext(ctx, insertOrder, ref, 9)
	}
	return tx.Commit()
}

func schemaUnique(db *sql.DB, email string) {
	var id int64
	if err := db.QueryRow("SELECT id FROM accounts WHERE email = $1", email).Scan(&id); err == sql.ErrNoRows {
		db.Exec("INSERT INTO accounts (email) VALUES ($1)", email)
	}
}

func goDDLUnique(db *sql.DB, handle string) {
	var id int64
	if err := db.QueryRow("SELECT id FROM members WHERE handle = $1", handle).Scan(&id); err == sql.ErrNoRows {
		db.Exec("INSERT INTO members (handle) VALUES ($1)", handle)
	}
}

func differentTable(db *sql.DB, ref string) {
	var id int64
	if err := db.QueryRow("SELECT id FROM users WHERE ref = $1", ref).Scan(&id); err == sql.ErrNoRows {
		db.Exec(insertOrder, ref, 10)
	}
}

func insertNotDecided(db *sql.DB, ref string) {
	var n int
	db.QueryRow("SELECT COUNT(*) FROM orders").Scan(&n)
	fmt.Println(n)
	db.Exec(insertOrder, ref, 11)
}

func insertBeforeRead(db *sql.DB, ref string) {
	db.Exec(insertOrder, ref, 12)
	var n int
	db.QueryRow("SELECT COUNT(*) FROM orders WHERE ref = $1", ref).Scan(&n)
}

type Handle struct {
	ID     uint
	Handle string `gorm:"uniqueIndex"`
	Org    string `gorm:"uniqueIndex:org_slug"`
	Slug   string `gorm:"uniqueIndex:org_slug"`
}

func gormTagged(db *gorm.DB, h string) {
	var x Handle
	if errors.Is(db.Where("handle = ?", h).First(&x).Error, gorm.ErrRecordNotFound) {
		db.Create(&Handle{Handle: h})
	}
	db.Where("org = ? AND slug = ?", "o", "s").FirstOrCreate(&x)
	db.FirstOrCreate(&x, Handle{Handle: h})
}

func gormByPrimaryKey(db *gorm.DB, id uint) {
	var u User
	if db.First(&u, id).Error != nil {
		db.Create(&User{ID: id})
	}
}

func gormOnConflict(db *gorm.DB, name string) {
	var u User
	if errors.Is(db.Where("name = ?", name).First(&u).Error, gorm.ErrRecordNotFound) {
		db.Clauses(clause.OnConflict{DoNothing: true}).Create(&User{Name: name})
	}
}

func gormDuplicatedKey(db *gorm.DB, name string) error { // want gormDuplicatedKey:`detects unique violations`
	var u User
	if errors.Is(db.Where("name = ?", name).First(&u).Error, gorm.ErrRecordNotFound) {
		if err := db.Create(&User{Name: name}).Error; errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil
		}
	}
	return nil
}

func sqlxPackageGet(ctx context.Context, db *sqlx.DB, ref string) error {
	var id int64
	if err := sqlx.Get(db, &id, "SELECT id FROM orders WHERE ref = $1", ref); errors.Is(err, sql.ErrNoRows) {
		_, err = db.ExecContext(ctx, insertOrder, ref, 13) // want `insert into orders runs only when the SELECT`
		return err
	}
	return nil
}

func connQueryRow(ctx context.Context, conn *sql.Conn, ref string) error {
	var id int64
	err := conn.QueryRowContext(ctx, "SELECT id FROM orders WHERE ref = $1", ref).Scan(&id)
	if err != nil {
		if err != sql.ErrNoRows {
			return err
		}
		_, err = conn.ExecContext(ctx, insertOrder, ref, 14) // want `insert into orders runs only when the SELECT`
	}
	return err
}

func pgxConnScanOnly(ctx context.Context, conn *pgx.Conn, ref string) {
	var n int
	conn.QueryRow(ctx, "SELECT count(*) FROM orders WHERE ref = $1", ref).Scan(&n)
	if n == 0 {
		conn.Exec(ctx, insertOrder, ref, 15) // want `insert into orders runs only when the SELECT COUNT`
	}
}

func gormFindRowsAffected(db *gorm.DB, name string) {
	var users []User
	if res := db.Where("name = ?", name).Find(&users); res.RowsAffected == 0 {
		db.Save(&User{Name: name}) // want `insert into User runs only when the GORM Find`
	}
}

// The next number is the maximum plus one: two runs read the same maximum.
func nextVersion(db *sql.DB) error {
	var version int
	if err := db.QueryRow("SELECT MAX(version) FROM migrations_log").Scan(&version); err != nil {
		return err
	}
	for v := version + 1; v <= 3; v++ {
		if _, err := db.Exec("INSERT INTO migrations_log (version) VALUES (?)", v); err != nil { // want `insert into migrations_log depends on the maximum the SELECT MAX at line 324 read`
			return err
		}
	}
	return nil
}

// The insert runs when the count found rows (gotify's sort-key migration
// saves the rows it found): not a check for absence.
func countFoundSome(db *sql.DB, ref string) error {
	var n int
	if err := db.QueryRow(`select count(*) from orders where ref = ?`, ref).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	_, err := db.Exec("insert into orders (ref) values (?)", ref)
	return err
}

// The absence test written the other way round is still one.
func countNoneAfterReturn(db *sql.DB, ref string) error {
	var n int
	if err := db.QueryRow(`select count(*) from orders where ref = ?`, ref).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.Exec("insert into orders (ref) values (?)", ref) // want `insert into orders runs only when the SELECT COUNT`
	return err
}

// Save of the rows a Find filled updates them (gotify's sort-key
// migration): they have their primary keys.
func gormSaveWhatWasFound(db *gorm.DB) error {
	var users []*User
	if err := db.Where("name <> ?", "").Find(&users).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	for _, u := range users {
		u.Name = strings.ToLower(u.Name)
	}
	return db.Save(users).Error
}

// gormVariableConditions keeps its conditions in a variable: the
// literal's fields (and those set on it later) are the columns looked up.
func gormVariableConditions(db *gorm.DB, org, slug, name string) {
	e := Handle{Org: org}
	e.Slug = slug
	db.Where(&e).FirstOrCreate(&e) // backed by the composite uniqueIndex:org_slug
	u := User{Name: name}
	db.Where(&u).FirstOrCreate(&u) // want `FirstOrCreate is a find-then-create with no lock and no conflict clause`
}
