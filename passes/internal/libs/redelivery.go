package libs

// Framework is a job queue or message broker that delivers at least once:
// it runs a handler again when the handler fails, times out, or its process
// dies before acknowledging (RULES.md, "Redelivery"). The tables of
// jobs.go and brokers.go say which code is such a handler.
type Framework struct {
	Name    string // as messages name it: "asynq"
	Article string // "a" or "an", before Name
	Handler string // what the handler is called: "task handler", "consumer"
	Unit    string // what is delivered again: "task", "job", "message"
	Again   string // how: "retried", "redelivered"
	// Attempts is the default number of runs, first included; 0 means no
	// limit.
	Attempts int
	// RetriesErrors is set when the framework runs the handler again when
	// it returns an error (asynq, river, Temporal, watermill); a log-based
	// consumer (Kafka) redelivers only what was not committed when the
	// process died, so a retry inside it multiplies nothing.
	RetriesErrors bool
	// SkipRedelivers is set when a message the consumer leaves without an
	// acknowledgement on a failure comes back in the same process: an SQS
	// message not deleted is visible again after the visibility timeout,
	// a JetStream message not acked is sent again after AckWait
	// (LIBRARIES-2.md). ReturnRedelivers is set when only a handler that
	// returns before acknowledging is run again: a sarama session ends
	// when ConsumeClaim returns and the next one starts at the last marked
	// offset (a message skipped by continue is covered by the next mark).
	// Neither is set for kafka-go and franz-go, whose reader moves its
	// offset on in memory: a skipped message comes back only after a
	// crash or a rebalance.
	SkipRedelivers, ReturnRedelivers bool
	// Identity is what a key made once per delivered unit derives from.
	Identity string
	// Stop says how a handler of a framework that RetriesErrors fails
	// without being run again: "wrap the error with asynq.SkipRetry".
	Stop string
}

// Registration is a call that hands a handler to a framework.
type Registration struct {
	F *Framework
	// Handler is the index of the handler argument.
	Handler int
	// Struct is set when the argument may also be a struct whose exported
	// methods are all handlers (Temporal's RegisterActivity(&Activities{})).
	Struct bool
	// Options is the index of the first variadic option, or -1.
	Options int
	// NeedsOption, when set, is an option that must be passed for the
	// handler to be redelivered (nats.ManualAck: otherwise the callback's
	// message is acknowledged when it returns, whatever happened).
	NeedsOption Func
	// Consumer is set when the call is a method of a JetStream consumer,
	// whose making call may bound or end its deliveries
	// (JetStreamConsumers).
	Consumer bool
}

// HandlerParam is a parameter type that makes a function with the
// signature func(context.Context, *T) error a handler of the framework, in
// whichever package it is declared and however it is registered.
type HandlerParam struct {
	Pkg, Type string
}

// Receive is a call that takes messages from a broker, which redelivers
// them until the program acknowledges them (an Ack call) or commits past
// them.
type Receive struct {
	F *Framework
}

// RedeliveryPaths are the import paths that gate the recognition of
// redelivered handlers: a package that imports none of them has none.
var RedeliveryPaths = func() []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for k := range HandlerParams {
		add(k.Pkg)
	}
	for k := range Registrations {
		add(k.Pkg)
	}
	for k := range Receives {
		add(k.Pkg)
	}
	for k := range DeliveryChans {
		add(k.Pkg)
	}
	for k := range ClaimHandlers {
		add(k.Pkg)
	}
	for k := range HandedMessages {
		add(k.Pkg)
	}
	return out
}()

// FrameworkNamed returns the framework of that Name, or nil: a fact
// carries a framework by its name.
func FrameworkNamed(name string) *Framework {
	for _, fw := range []*Framework{AsynqFramework, RiverFramework, TemporalFramework, KafkaGoFramework, SaramaFramework,
		FranzFramework, NATSFramework, WatermillFramework, AMQPFramework, PubSubFramework, SQSFramework} {
		if fw.Name == name {
			return fw
		}
	}
	return nil
}
