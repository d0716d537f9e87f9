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
var ErrorAsserts = Table[bool]{
	{Testify, "", "NoError"}:           true,
	{Testify, "", "Nil"}:               true,
	{Testify, "", "Error"}:             false,
	{Testify, "", "NotNil"}:            false,
	{Testify, "Assertions", "NoError"}: true,
	{Testify, "Assertions", "Nil"}:     true,
	{Testify, "Assertions", "Error"}:   false,
	{Testify, "Assertions", "NotNil"}:  false,
}

// ErrorRequires are the require package's assertions on an error: they
// end the test (t.FailNow) when they fail, so code after one runs only
// when it held. The value says what then holds: true that the error is
// nil (NoError, Nil), false that it is not (Error, NotNil).
// `require.NoError(t, err)` in a loop ends every failure path there.
var ErrorRequires = Table[bool]{
	{TestifyRequire, "", "NoError"}:           true,
	{TestifyRequire, "", "Nil"}:               true,
	{TestifyRequire, "", "Error"}:             false,
	{TestifyRequire, "", "NotNil"}:            false,
	{TestifyRequire, "Assertions", "NoError"}: true,
	{TestifyRequire, "Assertions", "Nil"}:     true,
	{TestifyRequire, "Assertions", "Error"}:   false,
	{TestifyRequire, "Assertions", "NotNil"}:  false,
}
