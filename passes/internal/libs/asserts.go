package libs

// Testify is the path of testify's assert package, and TestifyRequire of
// its require package.
const (
	Testify        = "github.com/stretchr/testify/assert"
	TestifyRequire = "github.com/stretchr/testify/require"
)

// ErrorAsserts are test assertions on an error that return whether they
// held: true says the error was nil for NoError and Nil (the attempt
// succeeded), non-nil for Error and NotNil (it failed). `if
// !assert.NoError(t, err) { break }` leaves a poll on a failure; the
// call is no failure test of its own.
var ErrorAsserts = errorAssertions(Testify)

// ErrorRequires are the require package's assertions on an error: they
// end the test (t.FailNow) when they fail, so code after one runs only
// when it held. The value says what then holds: true that the error is
// nil (NoError, Nil), false that it is not (Error, NotNil).
// `require.NoError(t, err)` in a loop ends every failure path there.
var ErrorRequires = errorAssertions(TestifyRequire)

// errorAssertions is the table of testify's assertions on an error in pkg,
// as functions and as methods of its Assertions: true where they hold for
// a nil error (NoError, Nil), false where for a non-nil one (Error,
// NotNil).
func errorAssertions(pkg string) Table[bool] {
	t := Table[bool]{}
	for _, recv := range []string{"", "Assertions"} {
		for name, nilHolds := range map[string]bool{"NoError": true, "Nil": true, "Error": false, "NotNil": false} {
			t[Func{pkg, recv, name}] = nilHolds
		}
	}
	return t
}
