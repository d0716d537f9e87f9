package failpaths

import (
	"errors"
	"time"
)

func metadata() error { return errors.New("no leader") }

// RefreshCounted calls itself from a held literal while attempts remain.
func RefreshCounted(attemptsRemaining int) error {
	retry := func(err error) error {
		if attemptsRemaining > 0 {
			time.Sleep(time.Second)
			attemptsRemaining--
			return RefreshCounted(attemptsRemaining)
		}
		return err
	}
	if err := metadata(); err != nil {
		return retry(err)
	}
	return nil
}

// RefreshForever calls itself from a held literal after every failure.
func RefreshForever() error {
	retry := func(err error) error {
		time.Sleep(time.Second)
		return RefreshForever() // want `recursive retry can run forever`
	}
	if err := metadata(); err != nil {
		return retry(err)
	}
	return nil
}
