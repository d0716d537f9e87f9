// Package require is a stub of github.com/stretchr/testify/require v1.11.1.
package require

// TestingT is what the assertions report to; FailNow ends the test.
type TestingT interface {
	Errorf(format string, args ...interface{})
	FailNow()
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) {
	if err != nil {
		t.FailNow()
	}
}

func Error(t TestingT, err error, msgAndArgs ...interface{}) {
	if err == nil {
		t.FailNow()
	}
}

func NotEmpty(t TestingT, object interface{}, msgAndArgs ...interface{}) {}

// Assertions are the assertions bound to one test (require.New(t)).
type Assertions struct{ t TestingT }

func New(t TestingT) *Assertions { return &Assertions{t: t} }

func (a *Assertions) NoError(err error, msgAndArgs ...interface{}) { NoError(a.t, err, msgAndArgs...) }
