// Package assert is a stub of github.com/stretchr/testify/assert v1.11.1.
package assert

// TestingT is what the assertions report to.
type TestingT interface {
	Errorf(format string, args ...interface{})
}

func NoError(t TestingT, err error, msgAndArgs ...interface{}) bool { return err == nil }
func Error(t TestingT, err error, msgAndArgs ...interface{}) bool   { return err != nil }
func Nil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	return object == nil
}
func NotNil(t TestingT, object interface{}, msgAndArgs ...interface{}) bool {
	return object != nil
}
