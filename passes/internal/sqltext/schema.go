package sqltext

import (
	"sort"
	"strings"
)

// Schema records the unique keys (UNIQUE constraints, unique indexes and
// primary keys) of tables, read from DDL.
type Schema map[string][][]string // table -> column sets, lower-cased

// Unique reports whether a unique key of table is made only of columns in
// cols (then two rows that agree on cols cannot both exist). With no
// columns known, any unique key of the table counts.
func (s Schema) Unique(table string, cols []string) bool {
	keys := s[table]
	if len(cols) == 0 {
		return len(keys) > 0
	}
	have := map[string]bool{}
	for _, c := range cols {
		have[strings.ToLower(c)] = true
	}
	for _, key := range keys {
		all := true
		for _, c := range key {
			all = all && have[c]
		}
		if all && len(key) > 0 {
			return true
		}
	}
	return false
}

// Add records a unique key.
func (s Schema) Add(table string, cols []string) {
	table = strings.ToLower(table)
	key := make([]string, len(cols))
	for i, c := range cols {
		key[i] = strings.ToLower(c)
	}
	sort.Strings(key)
	s[table] = append(s[table], key)
}

// ReadDDL adds the unique keys declared by the statements of ddl: CREATE
// TABLE column and table constraints, CREATE UNIQUE INDEX, and ALTER TABLE
// ... ADD UNIQUE / PRIMARY KEY.
func (s Schema) ReadDDL(ddl string) {
	toks := scan(ddl)
	for len(toks) > 0 {
		end := indexPunct(toks, ";")
		if end < 0 {
			end = len(toks)
		}
		s.statement(toks[:end])
		if end == len(toks) {
			break
		}
		toks = toks[end+1:]
	}
}

func (s Schema) statement(toks []token) {
	if len(toks) < 3 || toks[0].kind != word {
		return
	}
	switch {
	case toks[0].text == "CREATE" && indexWord(toks[:min(len(toks), 4)], "TABLE") >= 0:
		s.createTable(toks)
	case toks[0].text == "CREATE" && indexWord(toks[:min(len(toks), 3)], "UNIQUE") >= 0:
		if on := indexWord(toks, "ON"); on >= 0 {
			table, next := tableName(toks, on+1)
			for next < len(toks) && toks[next].kind == word { // USING btree
				next++
			}
			if cols := columnList(toks, next); len(cols) > 0 {
				s.Add(table, cols)
			}
		}
	case toks[0].text == "ALTER" && len(toks) > 2 && toks[1].text == "TABLE":
		i := 2
		for i < len(toks) && toks[i].kind == word && (toks[i].text == "ONLY" || toks[i].text == "IF" || toks[i].text == "EXISTS") {
			i++
		}
		table, next := tableName(toks, i)
		s.constraints(table, toks[next:])
	}
}

func (s Schema) createTable(toks []token) {
	i := indexWord(toks, "TABLE") + 1
	for i < len(toks) && toks[i].kind == word && (toks[i].text == "IF" || toks[i].text == "NOT" || toks[i].text == "EXISTS") {
		i++
	}
	table, next := tableName(toks, i)
	if next >= len(toks) || toks[next].text != "(" {
		return
	}
	// Split the body at top-level commas: each part is a column or a
	// table constraint.
	depth, start := 0, next+1
	for j := next; j < len(toks); j++ {
		switch toks[j].text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				s.tableElement(table, toks[start:j])
				return
			}
		case ",":
			if depth == 1 {
				s.tableElement(table, toks[start:j])
				start = j + 1
			}
		}
	}
}

// tableElement reads a column definition ("id INT PRIMARY KEY", "email
// TEXT UNIQUE") or a table constraint ("PRIMARY KEY (a, b)").
func (s Schema) tableElement(table string, toks []token) {
	if len(toks) == 0 {
		return
	}
	first := toks[0]
	if first.kind == word && (first.text == "PRIMARY" || first.text == "UNIQUE" || first.text == "CONSTRAINT") {
		s.constraints(table, toks)
		return
	}
	col := first.text
	if first.kind == word {
		col = strings.ToLower(col)
	}
	for j := 1; j < len(toks); j++ {
		t := toks[j]
		if t.kind == word && (t.text == "UNIQUE" || t.text == "PRIMARY" && j+1 < len(toks) && toks[j+1].text == "KEY") {
			s.Add(table, []string{col})
			return
		}
	}
}

// constraints reads [CONSTRAINT name] PRIMARY KEY (cols) / UNIQUE [KEY|INDEX]
// [name] (cols), anywhere in toks (ALTER TABLE ... ADD ...).
func (s Schema) constraints(table string, toks []token) {
	for j := 0; j < len(toks); j++ {
		t := toks[j]
		if t.kind != word || t.text != "UNIQUE" && t.text != "PRIMARY" {
			continue
		}
		k := j + 1
		for k < len(toks) && toks[k].text != "(" && k < j+4 {
			k++
		}
		if cols := columnList(toks, k); len(cols) > 0 {
			s.Add(table, cols)
		}
	}
}

// columnList reads "(a, b DESC, lower(c))" at i: the plain column names.
func columnList(toks []token, i int) []string {
	if i >= len(toks) || toks[i].text != "(" {
		return nil
	}
	var cols []string
	depth := 0
	expectName := true
	for j := i; j < len(toks); j++ {
		t := toks[j]
		switch {
		case t.text == "(":
			depth++
		case t.text == ")":
			depth--
			if depth == 0 {
				return cols
			}
		case t.text == "," && depth == 1:
			expectName = true
		case depth == 1 && expectName && (t.kind == word || t.kind == quoted):
			cols = append(cols, strings.ToLower(t.text))
			expectName = false
		}
	}
	return cols
}
