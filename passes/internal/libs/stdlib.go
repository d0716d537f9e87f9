package libs

// TimeOrContext are calls whose result changes with the clock or a context.
var TimeOrContext = Table[bool]{
	{"time", "", "Since"}:          true,
	{"time", "", "Until"}:          true,
	{"time", "", "Now"}:            true,
	{"time", "Time", "After"}:      true,
	{"time", "Time", "Before"}:     true,
	{"time", "Time", "Sub"}:        true,
	{"context", "Context", "Err"}:  true,
	{"context", "Context", "Done"}: true,
	{"context", "", "Cause"}:       true,
}

// StopSignals are the values a backoff policy returns when retries must end.
var StopSignals = Table[bool]{
	{BackoffV4, "", "Stop"}: true,
	{BackoffV5, "", "Stop"}: true,
}

// NotAttempts are calls returning an error that do not perform an attempt.
var NotAttempts = Table[bool]{
	{"fmt", "", "Errorf"}:         true,
	{"errors", "", "New"}:         true,
	{"errors", "", "Join"}:        true,
	{"errors", "", "Unwrap"}:      true,
	{"context", "Context", "Err"}: true,
	{"context", "", "Cause"}:      true,
}

// NoReturns are calls that never return, for the control-flow graph.
var NoReturns = Table[bool]{
	{"os", "", "Exit"}:          true,
	{"log", "", "Fatal"}:        true,
	{"log", "", "Fatalf"}:       true,
	{"log", "", "Fatalln"}:      true,
	{"log", "", "Panic"}:        true,
	{"log", "", "Panicf"}:       true,
	{"log", "Logger", "Fatal"}:  true,
	{"log", "Logger", "Fatalf"}: true,
}
