package sitemap

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/types"
	"strings"
)

// maxCode is the longest code the map quotes.
const maxCode = 72

// code quotes a node of the site's code on one line, shortened.
func (d *describer) code(n ast.Node) string {
	var text string
	switch n := n.(type) {
	case ast.Expr:
		text = types.ExprString(n)
	case *ast.IfStmt:
		text = "if " + types.ExprString(n.Cond)
	default:
		var b bytes.Buffer
		if printer.Fprint(&b, d.pass.Fset, n) != nil {
			return ""
		}
		text = strings.Join(strings.Fields(b.String()), " ")
	}
	if len(text) > maxCode {
		text = text[:maxCode] + "..."
	}
	return text
}
