// Package sqltext reads the SQL text the analyzers find in Go string
// constants and in schema files: a small scanner (comments, quoted
// identifiers, string literals, case-insensitive keywords) and a reader of
// the few statement shapes idemlint needs, not a SQL parser.
package sqltext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind classifies a token.
type tokKind int

const (
	word   tokKind = iota // keyword or bare identifier, upper-cased in Text
	quoted                // "ident", `ident`, [ident]: Text holds the name as written
	str                   // 'string literal'
	punct                 // any other character
	param                 // $1, ?, :name, @p1
)

type token struct {
	kind tokKind
	text string
}

// scan splits SQL into tokens, dropping whitespace and comments. It never
// fails: unterminated quotes and comments end at the end of the text.
func scan(sql string) []token {
	var toks []token
	for i := 0; i < len(sql); {
		r, size := utf8.DecodeRuneInString(sql[i:])
		switch {
		case unicode.IsSpace(r):
			i += size
		case strings.HasPrefix(sql[i:], "--"):
			i = skipTo(sql, i, "\n")
		case strings.HasPrefix(sql[i:], "/*"):
			i = skipTo(sql, i+2, "*/")
		case r == '\'':
			end := closing(sql, i+1, '\'')
			toks = append(toks, token{str, sql[i+1 : max(i+1, end-1)]})
			i = end
		case r == '"' || r == '`':
			end := closing(sql, i+1, byte(r))
			toks = append(toks, token{quoted, sql[i+1 : max(i+1, end-1)]})
			i = end
		case r == '[':
			end := closing(sql, i+1, ']')
			toks = append(toks, token{quoted, sql[i+1 : max(i+1, end-1)]})
			i = end
		case r == '$' || r == '?' || r == ':' || r == '@':
			j := i + size
			for j < len(sql) && isWordByte(sql[j]) {
				j++
			}
			if j == i+size && r == ':' {
				toks = append(toks, token{punct, ":"})
			} else {
				toks = append(toks, token{param, sql[i:j]})
			}
			i = j
		case isWordRune(r):
			j := i
			for j < len(sql) {
				r2, s2 := utf8.DecodeRuneInString(sql[j:])
				if !isWordRune(r2) && !unicode.IsDigit(r2) {
					break
				}
				j += s2
			}
			toks = append(toks, token{word, strings.ToUpper(sql[i:j])})
			i = j
		default:
			toks = append(toks, token{punct, string(r)})
			i += size
		}
	}
	return toks
}

func skipTo(s string, i int, end string) int {
	if j := strings.Index(s[i:], end); j >= 0 {
		return i + j + len(end)
	}
	return len(s)
}

// closing returns the index just past the quote closing a quoted run that
// starts at i; a doubled quote ('it”s') continues the run.
func closing(s string, i int, q byte) int {
	for i < len(s) {
		if s[i] == q {
			if i+1 < len(s) && s[i+1] == q && q != ']' {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return len(s)
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }
func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
