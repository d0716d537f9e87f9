// Package exitlog reads a password twice until both match. A failed read
// ends the program through the program's own Fatal, so the loop goes round
// only on a mismatch the user typed: no retry. Logged with a function that
// may return, a failed read goes round at once, again and again.
package exitlog

import (
	"errors"
	"fmt"

	"exitlog/log"
)

var errNoTerminal = errors.New("no terminal")

func readPassword() ([]byte, error) { return nil, errNoTerminal }

func promptPassword() string {
	for {
		fmt.Print("New password: ")
		password, err := readPassword()
		if err != nil {
			log.Fatal("reading the password: ", err)
		}
		fmt.Print("Confirm: ")
		confirmation, err := readPassword()
		if err != nil {
			log.Fatalf("reading the confirmation: %v", err)
		}
		if string(password) == string(confirmation) {
			return string(password)
		}
		fmt.Println("the passwords do not match")
	}
}

func promptLenient() string {
	for { // want `retry loop can run forever`
		password, err := readPassword()
		if err != nil {
			log.Error("reading the password: ", err)
			continue
		}
		return string(password)
	}
}
