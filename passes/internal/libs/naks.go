package libs

// Naks ask the broker to deliver again what the handler could not process
// (LIBRARIES-2.md: NATS Nak "triggers instant redelivery", a RabbitMQ
// Nack or Reject with requeue, a Pub/Sub Nack). A handler that calls one
// is retried on failure like a job queue's: a retry inside it runs again
// on every redelivery. The value is the index of the requeue argument,
// which must be the constant true, or -1 when there is none.
var Naks = Table[int]{
	{NATS, "Msg", "Nak"}:                  -1,
	{NATS, "Msg", "NakWithDelay"}:         -1,
	{JetStream, "*", "Nak"}:               -1,
	{JetStream, "*", "NakWithDelay"}:      -1,
	{AMQP091, "Delivery", "Nack"}:         1,
	{AMQP091, "Delivery", "Reject"}:       0,
	{StreadwayAMQP, "Delivery", "Nack"}:   1,
	{StreadwayAMQP, "Delivery", "Reject"}: 0,
	{PubSubMessage, "Message", "Nack"}:    -1,
}
