// Package freshgate holds the shapes mayReturnFresh must not miss: a
// fresh value reaching a result through each way SSA can carry it.
package freshgate

import (
	"fmt"
	"math/rand"
	"strconv"
	"time"
)

func direct() string { return strconv.FormatInt(time.Now().UnixNano(), 10) }

func viaNamed() (s string) {
	t := time.Now()
	s = t.String()
	return
}

func methodValue() int {
	g := rand.Int
	return g()
}

func viaArray() string {
	var a [2]string
	a[0] = fmt.Sprint(rand.Int())
	return a[0] + a[1]
}

func typeSwitch() string {
	var v any = rand.Int()
	switch y := v.(type) {
	case string:
		return y
	default:
		return fmt.Sprint(y)
	}
}

func deferred() (s string) {
	defer func() { s = time.Now().String() }()
	return "x"
}

func captured() string {
	var s string
	f := func() { s = time.Now().String() }
	f()
	return s
}

func escapedNamed() (s string) {
	s = time.Now().String()
	defer func() { _ = &s }()
	return "fixed"
}

func ranged() string {
	out := ""
	for _, c := range []int{rand.Int()} {
		out += strconv.Itoa(c)
	}
	return out
}

func param(x string) string {
	x = time.Now().String()
	return x
}

func pointer() string {
	p := new(string)
	*p = time.Now().String()
	return *p
}

func multi() (int, error) {
	n, err := fmt.Println(rand.Int())
	return n, err
}

func helper() string { return direct() } // fresh through a function of the package

func viaLiteral() string { return func() string { return time.Now().String() }() }

// notReturned calls time.Now but returns nothing made from it: the gate
// lets it go without SSA.
func notReturned() string {
	start := time.Now()
	defer fmt.Println(time.Since(start))
	return "fixed"
}

type conn struct{ deadline func(time.Time) error }

// read sets a deadline from the clock; only its error, not a key, is
// made from it.
func (c *conn) read(b []byte) (n int, err error) {
	err = c.deadline(time.Now().Add(time.Second))
	if err != nil {
		return
	}
	return len(b), nil
}
