package unboundedhelper

import "time"

// Forever is an unbounded user-defined retry helper: reported once, here.
func Forever(op func() error) {
	for { // want `retry loop can run forever`
		if err := op(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
