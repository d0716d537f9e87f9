package sqltext

import "strings"

// Statement is what the analyzers need to know about one SQL statement.
type Statement struct {
	// Verb is SELECT, INSERT, UPDATE, DELETE, MERGE, REPLACE, UPSERT,
	// CREATE, or "" when the text is not SQL we recognise.
	Verb string
	// Table is the table read (the first FROM table) or written, without
	// schema or quotes, lower-cased.
	Table string
	// Columns are the INSERT's column list, lower-cased.
	Columns []string
	// Conflict is set for an insert that resolves a duplicate itself: ON
	// CONFLICT, ON DUPLICATE KEY UPDATE, INSERT IGNORE, INSERT OR
	// IGNORE/REPLACE, REPLACE, MERGE, or WHERE NOT EXISTS.
	Conflict bool
	// Exists and Count are set for a SELECT EXISTS(...) / COUNT(...), Max
	// for a SELECT MAX(...) (the next number is the maximum plus one).
	Exists, Count, Max bool
	// ForUpdate is set for SELECT ... FOR UPDATE / FOR SHARE.
	ForUpdate bool
	// Where are the columns a SELECT's WHERE compares with =, IN or IS,
	// lower-cased and without table qualifiers: the columns it checks.
	Where []string
}

// IsInsert reports whether the statement adds rows.
func (s Statement) IsInsert() bool {
	switch s.Verb {
	case "INSERT", "REPLACE", "UPSERT", "MERGE":
		return true
	}
	return false
}

// Parse reads the statement of sql (the first one when there are several).
func Parse(sql string) Statement {
	toks := scan(sql)
	if i := indexPunct(toks, ";"); i >= 0 {
		toks = toks[:i]
	}
	toks = skipCTE(toks)
	if len(toks) == 0 || toks[0].kind != word {
		return Statement{}
	}
	st := Statement{Verb: toks[0].text}
	switch st.Verb {
	case "SELECT":
		readSelect(&st, toks)
		st.Where = whereColumns(toks)
	case "INSERT", "REPLACE", "UPSERT":
		readInsert(&st, toks)
	case "MERGE":
		st.Conflict = true
		if i := indexWord(toks, "INTO"); i >= 0 {
			st.Table, _ = tableName(toks, i+1)
		}
	case "UPDATE":
		st.Table, _ = tableName(toks, 1)
	case "DELETE":
		if i := indexWord(toks, "FROM"); i >= 0 {
			st.Table, _ = tableName(toks, i+1)
		}
	case "CREATE":
	default:
		return Statement{}
	}
	return st
}

// skipCTE drops a leading WITH ... AS (...) list, so the main verb comes
// first.
func skipCTE(toks []token) []token {
	if len(toks) == 0 || toks[0].kind != word || toks[0].text != "WITH" {
		return toks
	}
	depth := 0
	for i, t := range toks {
		switch {
		case t.kind == punct && t.text == "(":
			depth++
		case t.kind == punct && t.text == ")":
			depth--
		case depth == 0 && t.kind == word && i > 0 && isVerb(t.text):
			return toks[i:]
		}
	}
	return nil
}

func isVerb(w string) bool {
	switch w {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE", "UPSERT":
		return true
	}
	return false
}

func readSelect(st *Statement, toks []token) {
	depth := 0
	for i, t := range toks {
		switch {
		case t.kind == punct && t.text == "(":
			depth++
		case t.kind == punct && t.text == ")":
			depth--
		case t.kind == word && t.text == "EXISTS" && i <= 2:
			st.Exists = true
		case t.kind == word && t.text == "COUNT" && depth == 0:
			st.Count = true
		case t.kind == word && t.text == "MAX" && depth == 0 && i+1 < len(toks) && toks[i+1].text == "(" && st.Table == "":
			st.Max = true
		case t.kind == word && t.text == "FROM" && st.Table == "":
			st.Table, _ = tableName(toks, i+1)
		case t.kind == word && t.text == "FOR" && i+1 < len(toks) && (toks[i+1].text == "UPDATE" || toks[i+1].text == "SHARE" || toks[i+1].text == "NO"):
			st.ForUpdate = true
		}
	}
}

func readInsert(st *Statement, toks []token) {
	i := 1
	for i < len(toks) && toks[i].kind == word {
		switch toks[i].text {
		case "IGNORE", "REPLACE":
			st.Conflict = true
		case "OR", "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY":
		case "INTO":
			i++
			goto table
		default:
			goto table
		}
		i++
	}
table:
	if st.Verb == "REPLACE" || st.Verb == "UPSERT" {
		st.Conflict = true
	}
	name, next := tableName(toks, i)
	st.Table = name
	if next < len(toks) && toks[next].kind == punct && toks[next].text == "(" {
		for j := next + 1; j < len(toks) && toks[j].text != ")"; j++ {
			if toks[j].kind == word || toks[j].kind == quoted {
				st.Columns = append(st.Columns, strings.ToLower(toks[j].text))
			}
		}
	}
	for j := next; j+1 < len(toks); j++ {
		a, b := toks[j], toks[j+1]
		if a.kind != word || b.kind != word {
			continue
		}
		if a.text == "ON" && (b.text == "CONFLICT" || b.text == "DUPLICATE") || a.text == "NOT" && b.text == "EXISTS" {
			st.Conflict = true
		}
	}
}

// tableName reads a possibly schema-qualified, possibly quoted name at i
// and returns its last part, lower-cased, and the index after it.
func tableName(toks []token, i int) (string, int) {
	name := ""
	// A schema left to run time (fmt.Sprintf("%s.users", schema) reads as
	// "?.users") still names the table.
	if i+2 < len(toks) && toks[i].kind == param && toks[i+1].kind == punct && toks[i+1].text == "." {
		i += 2
	}
	for i < len(toks) {
		t := toks[i]
		if t.kind != word && t.kind != quoted {
			break
		}
		name = t.text
		if i+1 < len(toks) && toks[i+1].kind == punct && toks[i+1].text == "." {
			i += 2
			continue
		}
		i++
		break
	}
	return strings.ToLower(name), i
}

func indexWord(toks []token, w string) int {
	for i, t := range toks {
		if t.kind == word && t.text == w {
			return i
		}
	}
	return -1
}

func indexPunct(toks []token, p string) int {
	for i, t := range toks {
		if t.kind == punct && t.text == p {
			return i
		}
	}
	return -1
}

// whereColumns returns the columns compared by equality in the WHERE of
// the outermost statement.
func whereColumns(toks []token) []string {
	w := indexWord(toks, "WHERE")
	if w < 0 {
		return nil
	}
	return Conditions(toks[w+1:])
}

// Conditions returns the columns compared with =, IN or IS in a condition.
func Conditions(toks []token) []string {
	var cols []string
	for i := 0; i+1 < len(toks); i++ {
		t, next := toks[i], toks[i+1]
		if t.kind != word && t.kind != quoted {
			continue
		}
		if next.kind == punct && next.text == "." {
			continue // a qualifier: the column follows
		}
		if next.kind == punct && next.text == "=" || next.kind == word && (next.text == "IN" || next.text == "IS") {
			cols = append(cols, strings.ToLower(t.text))
		}
		if t.kind == word && (t.text == "GROUP" || t.text == "ORDER" || t.text == "LIMIT" || t.text == "FOR") {
			break
		}
	}
	return cols
}

// ConditionColumns returns the columns a condition fragment (GORM's
// Where("email = ? AND org_id = ?")) compares by equality.
func ConditionColumns(cond string) []string { return Conditions(scan(cond)) }

// uniqueViolationMarks are texts that only code telling a unique violation
// apart contains: Postgres's SQLSTATE and condition name, and the drivers'
// messages.
var uniqueViolationMarks = []string{
	"23505", "unique_violation", "duplicate key", "duplicate entry",
	"unique constraint", // also sqlite's "UNIQUE constraint failed"
}

// MentionsUniqueViolation reports whether a string constant marks a check
// for a unique violation.
func MentionsUniqueViolation(s string) bool {
	s = strings.ToLower(s)
	for _, m := range uniqueViolationMarks {
		if strings.Contains(s, m) {
			return true
		}
	}
	return false
}
