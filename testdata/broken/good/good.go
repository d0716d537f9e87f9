package good

func op() error { return nil }

// Hot retries with no delay and no limit.
func Hot() {
	for {
		if err := op(); err == nil {
			return
		}
	}
}
