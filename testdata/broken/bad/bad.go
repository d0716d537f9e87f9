package bad

// Broken does not type-check.
func Broken() int {
	return "not an int"
}
