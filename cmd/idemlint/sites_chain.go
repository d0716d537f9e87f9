package main

import (
	"github.com/idemlint/idemlint/passes"
)

// linkChains links each row's nested retries to the rows they are (a
// nested site at its place; a function that retries, by the rows of
// that function) and gives the row its worst chain: the one whose
// product of attempts is largest when everything fails. A nested retry
// in a package outside the map ends its chain with the attempts
// retryamplify's facts count for it.
func linkChains(rows []passes.Site) {
	c := &chainer{rows: rows, byID: map[string]int{}, byFunc: map[string][]int{}, done: map[int]chain{}, busy: map[int]bool{}}
	for i, r := range rows {
		c.byID[r.ID] = i
		// A call through a client is its row: its nested retries are
		// named at the call.
		for _, p := range r.CallsAt {
			if _, ok := c.byID[posID(p)]; !ok {
				c.byID[posID(p)] = i
			}
		}
		if r.Function != "" {
			key := r.Package + "." + r.Function
			c.byFunc[key] = append(c.byFunc[key], i)
		}
	}
	for i := range rows {
		for j := range rows[i].Nested {
			n := &rows[i].Nested[j]
			if k, ok := c.byID[posID(n.At)]; ok && k != i {
				n.Site = rows[k].ID
			}
		}
	}
	for i := range rows {
		if len(rows[i].Nested) == 0 {
			continue
		}
		ch := c.worst(i)
		rows[i].Product, rows[i].Chain = ch.product, ch.links
	}
}

type chainer struct {
	rows   []passes.Site
	byID   map[string]int
	byFunc map[string][]int
	done   map[int]chain
	busy   map[int]bool // on the chain being followed: a recursion
}

// chain is a row's worst chain: the product of its attempts and those of
// the links after it (0 when one is not a constant).
type chain struct {
	product int
	links   []passes.SiteLink
}

// maxProduct bounds a product, as retryamplify's facts do.
const maxProduct = 1 << 20

func (c *chainer) worst(i int) chain {
	if ch, ok := c.done[i]; ok {
		return ch
	}
	c.busy[i] = true
	r := c.rows[i]
	var best chain
	found := false
	consider := func(ch chain) {
		if !found || ch.product > best.product {
			best, found = ch, true
		}
	}
	for _, n := range r.Nested {
		var inner []int
		if k, ok := c.byID[posID(n.At)]; ok && k != i {
			inner = []int{k}
		} else if n.Via != "" {
			inner = c.byFunc[n.Via]
		}
		linked := false
		for _, k := range inner {
			if c.busy[k] {
				continue
			}
			ch := c.worst(k)
			link := passes.SiteLink{Site: c.rows[k].ID, Attempts: c.rows[k].Attempts.Count}
			consider(chain{ch.product, append([]passes.SiteLink{link}, ch.links...)})
			linked = true
		}
		if !linked {
			link := passes.SiteLink{Via: n.Via, Attempts: n.Attempts}
			if n.Via == "" {
				link.Site = posID(n.At)
			}
			consider(chain{n.Attempts, []passes.SiteLink{link}})
		}
	}
	own := r.Attempts.Count
	out := chain{product: own}
	if found {
		out = chain{product: multiply(own, best.product), links: best.links}
	}
	c.busy[i] = false
	c.done[i] = out
	return out
}

func multiply(a, b int) int {
	if a <= 0 || b <= 0 || a*b > maxProduct {
		return 0
	}
	return a * b
}
