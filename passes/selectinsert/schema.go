package selectinsert

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/idemlint/idemlint/passes/internal/sqltext"
)

// maxSchemaFile bounds the files read for DDL; a generated dump larger than
// this is skipped rather than slowing every run.
const maxSchemaFile = 4 << 20

var schemaCache sync.Map // module root, or "path:" and a -schema path -> sqltext.Schema

// moduleSchema returns the unique keys declared in the module holding dir:
// its .sql files and the DDL in its Go string literals. It is read once per
// module and shared by all its packages.
func moduleSchema(dir string) sqltext.Schema {
	root := moduleRoot(dir)
	if s, ok := schemaCache.Load(root); ok {
		return s.(sqltext.Schema)
	}
	s := sqltext.Schema{}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			switch d.Name() {
			case "vendor", "node_modules", ".git", "testdata":
				if path != root {
					return filepath.SkipDir
				}
			}
			if path != root && fileExists(filepath.Join(path, "go.mod")) {
				return filepath.SkipDir // another module
			}
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > maxSchemaFile {
			return nil
		}
		switch filepath.Ext(path) {
		case ".sql":
			if data, err := os.ReadFile(path); err == nil {
				s.ReadDDL(string(data))
			}
		case ".go":
			if data, err := os.ReadFile(path); err == nil && bytes.Contains(bytes.ToUpper(data), []byte("CREATE")) {
				readGoDDL(s, data)
			}
		}
		return nil
	})
	actual, _ := schemaCache.LoadOrStore(root, s)
	return actual.(sqltext.Schema)
}

// readGoDDL reads the DDL held in a Go file's string literals.
func readGoDDL(s sqltext.Schema, src []byte) {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return
		}
		if tok == token.STRING && bytes.Contains(bytes.ToUpper([]byte(lit)), []byte("CREATE")) {
			if text, err := strconv.Unquote(lit); err == nil {
				s.ReadDDL(text)
			}
		}
	}
}

func moduleRoot(dir string) string {
	for d := dir; ; {
		if fileExists(filepath.Join(d, "go.mod")) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// pathList is a comma-separated list of paths; each must exist.
type pathList []string

func (l *pathList) String() string { return strings.Join(*l, ",") }

func (l *pathList) Set(s string) error {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if _, err := os.Stat(p); err != nil {
			return fmt.Errorf("schema path: %w", err)
		}
		out = append(out, p)
	}
	*l = out
	return nil
}

// extraSchema reads the DDL in a .sql file, or in the .sql files under a
// directory; it is cached like the module's schema.
func extraSchema(path string) sqltext.Schema {
	if s, ok := schemaCache.Load("path:" + path); ok {
		return s.(sqltext.Schema)
	}
	s := sqltext.Schema{}
	filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".sql" {
			if data, err := os.ReadFile(p); err == nil && len(data) <= maxSchemaFile {
				s.ReadDDL(string(data))
			}
		}
		return nil
	})
	actual, _ := schemaCache.LoadOrStore("path:"+path, s)
	return actual.(sqltext.Schema)
}
