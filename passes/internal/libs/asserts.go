package libs

// Testify is the path of testify's assert package.
const Testify = "github.com/stretchr/testify/assert"

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
