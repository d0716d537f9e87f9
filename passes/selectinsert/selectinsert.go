package selectinsert

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemlint/idemlint/passes/internal/astutil"
	"github.com/idemlint/idemlint/passes/internal/bodies"
	"github.com/idemlint/idemlint/passes/internal/libs"
	"github.com/idemlint/idemlint/passes/internal/report"
	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// Analyzer reports check-then-insert code that no database constraint
// backs.
var Analyzer = &analysis.Analyzer{
	Name:      "selectinsert",
	Doc:       Doc,
	URL:       "https://github.com/idemlint/idemlint#selectinsert",
	Requires:  []*analysis.Analyzer{bodies.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(CheckFact), new(QueryFact), new(InsertFact), new(UniqueCheckFact), new(LockFact)},
}

// schemaPaths are extra .sql files or directories to read DDL from, for
// schemas kept outside the module.
var schemaPaths pathList

func init() {
	Analyzer.Flags.Var(&schemaPaths, "schema", "comma-separated .sql files or directories to read unique constraints from, besides the module's own")
}

// sqlPackages are the imports without which a package runs no SQL.
var sqlPackages = []string{libs.DatabaseSQL, libs.Sqlx, libs.PgxV5, libs.PgxPool, libs.Gorm, libs.GormV1}

func run(pass *analysis.Pass) (any, error) {
	// Code that runs SQL, or tells a unique violation apart, depends on a
	// SQL library or a driver's error package; a handler that reads and
	// inserts through a store package imports neither itself.
	if !libs.DependsOn(pass.Pkg, sqlPackages...) && !libs.DependsOn(pass.Pkg, libs.DriverErrorPackages...) {
		return nil, nil
	}
	index := pass.ResultOf[bodies.Analyzer].(*bodies.Index)
	g := newGuards(pass, index)
	g.learnUniqueChecks()
	g.learnLocks()
	h := &helpers{pass: pass, checks: map[*types.Func]*CheckFact{}, queries: map[*types.Func]*QueryFact{}, inserts: map[*types.Func]*InsertFact{}}
	h.prepared = &preparedFields{info: pass.TypesInfo, index: index}
	h.impls.Program = pass.Pkg // a repository interface implemented in another package of the program
	decls := index.Decls()
	// The learning fixpoint reads a function several times: its parents
	// map is built once, when a read needs it.
	parents := map[*ast.FuncDecl]map[ast.Node]ast.Node{}
	newFinder := func(b *bodies.Body) *finder {
		fd := b.Node.(*ast.FuncDecl)
		tree := func() map[ast.Node]ast.Node {
			if parents[fd] == nil {
				parents[fd] = astutil.Parents(fd)
			}
			return parents[fd]
		}
		return &finder{info: pass.TypesInfo, decl: fd, index: index, body: b, tree: tree, helpers: h}
	}
	h.learn(decls, newFinder, g)
	// The schema is read only when a check-then-insert needs it: under go
	// vet every dependency is analyzed in a process of its own.
	var loaded schemas
	schema := func() schemas {
		if loaded == nil {
			loaded = schemas{}
			if len(pass.Files) > 0 {
				loaded = append(loaded, moduleSchema(filepath.Dir(pass.Fset.Position(pass.Files[0].Package).Filename)))
			}
			for _, p := range schemaPaths {
				loaded = append(loaded, extraSchema(p))
			}
		}
		return loaded
	}
	for _, d := range decls {
		if g.detectsUnique(d, d.Node) || g.serializable(d.Node) || g.holdsLock(d) {
			continue
		}
		f := newFinder(d)
		reads, inserts := f.accesses()
		for _, ins := range inserts {
			checkInsert(pass, f, schema, reads, ins)
		}
	}
	return nil, nil
}

func checkInsert(pass *analysis.Pass, f *finder, schema func() schemas, reads []*access, ins *access) {
	if ins.safe {
		return
	}
	if ins.first {
		if !backedByModel(ins) {
			report.At(pass, ins.call, "FirstOrCreate is a find-then-create with no lock and no conflict clause, so two concurrent requests can both create the row; back its conditions with a unique index (gorm:\"uniqueIndex\") or use Clauses(clause.OnConflict{DoNothing: true}).Create")
		}
		return
	}
	for _, r := range reads {
		if r.call.Pos() >= ins.call.Pos() || !sameTable(r, ins) {
			continue
		}
		if savesWhatWasRead(f.info, ins, r) {
			continue // db.Find(&apps) ... db.Save(apps): an update of the rows read
		}
		decisions := astutil.Decisions(f.info, f.tree(), r.call, r.outcome, ins.call)
		if len(decisions) == 0 || isCount(r) && foundSome(f.info, decisions) || r.what != "SELECT MAX" && onlyWithoutError(f.info, decisions) {
			continue // the insert runs when the read found rows: not a check for absence
		}
		if r.backed || r.model != nil && backedByModel(r) || r.table != "" && schema().Unique(r.table, r.cols) && len(r.cols) > 0 {
			return
		}
		line := pass.Fset.Position(r.call.Pos()).Line
		if r.what == "SELECT MAX" {
			report.At(pass, ins.call, "insert into %s%s depends on the maximum the SELECT MAX%s at line %d read, and no unique constraint or conflict clause backs it: two concurrent requests read the same maximum and both insert; add a UNIQUE constraint and use INSERT ... ON CONFLICT, or let the database number the rows", tableOf(ins), through(ins), through(r), line)
			return
		}
		report.At(pass, ins.call, "insert into %s%s runs only when the %s%s at line %d found nothing, and no unique constraint or conflict clause backs it: two concurrent requests can both insert; add a UNIQUE constraint and use INSERT ... ON CONFLICT, or handle the unique violation", tableOf(ins), through(ins), r.what, through(r), line)
		return
	}
}

// through names the helper an access runs in.
func through(a *access) string {
	if a.via == "" {
		return ""
	}
	return " in " + a.via
}

// savesWhatWasRead reports whether ins is a GORM Save of the value the
// read filled: Save updates rows that have a primary key, and rows just
// read have one.
func savesWhatWasRead(info *types.Info, ins, r *access) bool {
	if ins.what != "GORM Save" || ins.saved == nil {
		return false
	}
	root := astutil.RootObject(info, ins.saved)
	if u, ok := ast.Unparen(ins.saved).(*ast.UnaryExpr); ok && u.Op == token.AND {
		root = astutil.RootObject(info, u.X)
	}
	return root != nil && r.outcome[root]
}

func isCount(r *access) bool {
	return r.what == "SELECT COUNT" || r.what == "GORM Count" || r.count
}

// foundSome reports whether one of a count's tests, taking the branch the
// insert is on, says the count is above zero: n > 0, n != 0 or n >= 1
// holding, or n == 0, n < 1 or n <= 0 failing (if n == 0 { return }).
func foundSome(info *types.Info, decisions []astutil.Decision) bool {
	for _, d := range decisions {
		if countAboveZero(info, d.Test, d.When) {
			return true
		}
	}
	return false
}

// onlyWithoutError reports whether the only tests deciding the insert say
// the read returned no error (if err != nil { return err } before it): the
// insert runs when the read succeeded, that is found its row, as in a
// parent, err := store.Get(ctx, id) before inserting its child.
func onlyWithoutError(info *types.Info, decisions []astutil.Decision) bool {
	for _, d := range decisions {
		b, ok := ast.Unparen(d.Test).(*ast.BinaryExpr)
		if !ok || !(b.Op == token.NEQ && !d.When || b.Op == token.EQL && d.When) {
			return false
		}
		x, y := b.X, b.Y
		if isNil(info, x) {
			x, y = y, x
		}
		if !isNil(info, y) || !types.Identical(info.TypeOf(x), types.Universe.Lookup("error").Type()) {
			return false
		}
	}
	return true
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

func countAboveZero(info *types.Info, test ast.Expr, when bool) bool {
	b, ok := ast.Unparen(test).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	// err == nil && n > 0 holding says n > 0 holds; n == 0 || err != nil
	// failing says n == 0 fails.
	if b.Op == token.LAND && when || b.Op == token.LOR && !when {
		return countAboveZero(info, b.X, when) || countAboveZero(info, b.Y, when)
	}
	op := b.Op
	c, ok := astutil.IntConst(info, b.Y)
	if !ok {
		if c, ok = astutil.IntConst(info, b.X); !ok {
			return false
		}
		op = astutil.Mirror(op)
	}
	var positive bool // what the test says of the count when it holds
	switch {
	case op == token.EQL && c == 0, op == token.LSS && c == 1, op == token.LEQ && c == 0:
		positive = false
	case op == token.NEQ && c == 0, op == token.GTR && c == 0, op == token.GEQ && c == 1:
		positive = true
	default:
		return false
	}
	return positive == when
}

func tableOf(a *access) string {
	if a.table != "" {
		return a.table
	}
	if n, ok := a.model.(*types.Named); ok {
		return n.Obj().Name()
	}
	if i := strings.LastIndexByte(a.modelName, '.'); i >= 0 {
		return a.modelName[i+1:]
	}
	return "the table"
}

func sameTable(r, ins *access) bool {
	if r.table != "" || ins.table != "" {
		return r.table == ins.table
	}
	return r.modelName != "" && r.modelName == ins.modelName
}

// schemas are the schemas a package's inserts are checked against.
type schemas []sqltext.Schema

// Unique reports whether any of them has a unique key covered by cols.
func (ss schemas) Unique(table string, cols []string) bool {
	for _, s := range ss {
		if s.Unique(table, cols) {
			return true
		}
	}
	return false
}

// backedByModel reports whether a unique key of the GORM model is covered
// by the columns the access checks.
func backedByModel(a *access) bool {
	if a.model == nil || len(a.cols) == 0 {
		return false
	}
	s := sqltext.Schema{}
	for _, key := range uniqueKeys(a.model) {
		s.Add("model", key)
	}
	return s.Unique("model", a.cols)
}

// returnsOutcome reports whether fn returns something a caller can test:
// a bool, an integer count or an error (sql.ErrNoRows passed up).
func returnsOutcome(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := range res.Len() {
		switch t := res.At(i).Type().Underlying().(type) {
		case *types.Basic:
			if t.Info()&(types.IsBoolean|types.IsInteger) != 0 {
				return true
			}
		case *types.Interface:
			if types.Identical(res.At(i).Type(), types.Universe.Lookup("error").Type()) {
				return true
			}
		}
	}
	return false
}

// learnUniqueChecks exports a UniqueCheckFact for the functions that tell a
// unique violation apart, and notes them in g.local.
func (g *guards) learnUniqueChecks() {
	decls := g.index.Decls()
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			if !g.local[d.Func] && g.detectsUnique(d, d.Block) {
				g.local[d.Func] = true
				changed = true
			}
		}
	}
	for fn := range g.local {
		g.pass.ExportObjectFact(fn, &UniqueCheckFact{})
	}
}
