package libs

// Message broker client paths.
const (
	KafkaGo       = "github.com/segmentio/kafka-go"
	Sarama        = "github.com/IBM/sarama"
	SaramaOld     = "github.com/Shopify/sarama"
	FranzGo       = "github.com/twmb/franz-go/pkg/kgo"
	NATS          = "github.com/nats-io/nats.go"
	JetStream     = "github.com/nats-io/nats.go/jetstream"
	Watermill     = "github.com/ThreeDotsLabs/watermill/message"
	AMQP091       = "github.com/rabbitmq/amqp091-go"
	StreadwayAMQP = "github.com/streadway/amqp"
	PubSubV2      = "cloud.google.com/go/pubsub/v2"
	PubSubV1      = "cloud.google.com/go/pubsub"
	PubSubMessage = "cloud.google.com/go/internal/pubsub" // pubsub.Message is an alias of its Message
	SQS           = "github.com/aws/aws-sdk-go-v2/service/sqs"
	SQSV1         = "github.com/aws/aws-sdk-go/service/sqs"
)

// The brokers and their defaults (LIBRARIES-2.md, Part A). None counts
// deliveries on the client: redelivery is unlimited unless the broker is
// configured otherwise.
var (
	KafkaGoFramework = &Framework{Name: "kafka-go", Article: "a", Handler: "consumer", Unit: "message", Again: "redelivered",
		Identity: "the message's topic, partition and offset"}
	SaramaFramework = &Framework{Name: "sarama", Article: "a", Handler: "consumer", Unit: "message", Again: "redelivered",
		Identity: "the message's topic, partition and offset", ReturnRedelivers: true}
	FranzFramework = &Framework{Name: "franz-go", Article: "a", Handler: "consumer", Unit: "record", Again: "redelivered",
		Identity: "the record's topic, partition and offset"}
	NATSFramework = &Framework{Name: "NATS JetStream", Article: "a", Handler: "consumer", Unit: "message", Again: "redelivered",
		Identity: "the message's stream sequence or a message ID", SkipRedelivers: true}
	WatermillFramework = &Framework{Name: "watermill", Article: "a", Handler: "handler", Unit: "message", Again: "redelivered",
		RetriesErrors: true, Identity: "the message UUID",
		Stop: "acknowledge the message and drop it, or send it to a poison queue"}
	AMQPFramework = &Framework{Name: "RabbitMQ", Article: "a", Handler: "consumer", Unit: "message", Again: "redelivered",
		Identity: "the message ID"}
	PubSubFramework = &Framework{Name: "Pub/Sub", Article: "a", Handler: "subscriber", Unit: "message", Again: "redelivered",
		Identity: "the message ID"}
	SQSFramework = &Framework{Name: "SQS", Article: "an", Handler: "consumer", Unit: "message", Again: "redelivered",
		Identity: "the message ID", SkipRedelivers: true}
)

// HandlerParams make a func(context.Context, *T) error a handler.
var HandlerParams = map[HandlerParam]*Framework{
	{Asynq, "Task"}: AsynqFramework,
	{River, "Job"}:  RiverFramework,
}

// ClaimHandlers are parameter types of a ConsumeClaim(session, claim) error
// method: sarama's ConsumerGroupHandler, whose unmarked messages the next
// session consumes again.
var ClaimHandlers = map[HandlerParam]*Framework{
	{Sarama, "ConsumerGroupClaim"}:    SaramaFramework,
	{SaramaOld, "ConsumerGroupClaim"}: SaramaFramework,
}

// Registrations hand a callback to a framework that runs it again.
var Registrations = Table[Registration]{
	{TemporalWorker, "*", "RegisterActivity"}:            {F: TemporalFramework, Handler: 0, Struct: true, Options: -1},
	{TemporalWorker, "*", "RegisterActivityWithOptions"}: {F: TemporalFramework, Handler: 0, Struct: true, Options: -1},
	{TemporalWorkflow, "", "ExecuteActivity"}:            {F: TemporalFramework, Handler: 1, Options: -1},
	{TemporalWorkflow, "", "ExecuteLocalActivity"}:       {F: TemporalFramework, Handler: 1, Options: -1},
	{Watermill, "Router", "AddHandler"}:                  {F: WatermillFramework, Handler: 5, Options: -1},
	{Watermill, "Router", "AddConsumerHandler"}:          {F: WatermillFramework, Handler: 3, Options: -1},
	{Watermill, "Router", "AddNoPublisherHandler"}:       {F: WatermillFramework, Handler: 3, Options: -1},
	{NATS, "*", "Subscribe"}:                             {F: NATSFramework, Handler: 1, Options: 2, NeedsOption: Func{NATS, "", "ManualAck"}},
	{NATS, "*", "QueueSubscribe"}:                        {F: NATSFramework, Handler: 2, Options: 3, NeedsOption: Func{NATS, "", "ManualAck"}},
	{JetStream, "*", "Consume"}:                          {F: NATSFramework, Handler: 0, Options: -1},
	{PubSubV2, "Subscriber", "Receive"}:                  {F: PubSubFramework, Handler: 1, Options: -1},
	{PubSubV1, "Subscription", "Receive"}:                {F: PubSubFramework, Handler: 1, Options: -1},
}

// Receives take messages that stay redelivered until acknowledged.
var Receives = Table[*Framework]{
	{KafkaGo, "Reader", "FetchMessage"}:         KafkaGoFramework,
	{FranzGo, "Client", "PollFetches"}:          FranzFramework,
	{FranzGo, "Client", "PollRecords"}:          FranzFramework,
	{SQS, "Client", "ReceiveMessage"}:           SQSFramework,
	{SQSV1, "SQS", "ReceiveMessage"}:            SQSFramework,
	{SQSV1, "SQS", "ReceiveMessageWithContext"}: SQSFramework,
	// JetStream pull consumers: every message must be acked.
	{NATS, "Subscription", "Fetch"}:        NATSFramework,
	{NATS, "Subscription", "FetchBatch"}:   NATSFramework,
	{JetStream, "Consumer", "Fetch"}:       NATSFramework,
	{JetStream, "Consumer", "FetchNoWait"}: NATSFramework,
	{JetStream, "Consumer", "Next"}:        NATSFramework,
	{JetStream, "MessagesContext", "Next"}: NATSFramework,
}

// BufferedReads take the next message from a buffer the library's own
// goroutines fill, retrying the broker with a backoff of their own: an
// error says the context is done or the reader closed, not that the broker
// failed, so a consumer loop that reads again at once after one asks
// nothing of the broker again (wait/failpath.go).
var BufferedReads = Table[bool]{
	{KafkaGo, "Reader", "FetchMessage"}: true,
	{KafkaGo, "Reader", "ReadMessage"}:  true,
}

// DeliveryChans are the element types of the channels a consumer ranges
// over; the value's Consume calls are AMQPConsume.
var DeliveryChans = map[HandlerParam]*Framework{
	{AMQP091, "Delivery"}:       AMQPFramework,
	{StreadwayAMQP, "Delivery"}: AMQPFramework,
}

// AMQPConsume are the calls that start a consumer; the value is the index
// of the autoAck argument (with autoAck true the server forgets each
// message as it sends it: nothing is redelivered).
var AMQPConsume = Table[int]{
	{AMQP091, "Channel", "Consume"}:            2,
	{AMQP091, "Channel", "ConsumeWithContext"}: 3,
	{StreadwayAMQP, "Channel", "Consume"}:      2,
}

// Acks end the redelivery of what was received before them: code after
// the first one no longer runs again. kafka-go's ReadMessage is not a
// Receive at all: it commits before it returns.
var Acks = Table[bool]{
	{KafkaGo, "Reader", "CommitMessages"}:           true,
	{Sarama, "*", "MarkMessage"}:                    true,
	{Sarama, "*", "MarkOffset"}:                     true,
	{SaramaOld, "*", "MarkMessage"}:                 true,
	{SaramaOld, "*", "MarkOffset"}:                  true,
	{FranzGo, "Client", "CommitRecords"}:            true,
	{FranzGo, "Client", "CommitUncommittedOffsets"}: true,
	{FranzGo, "Client", "CommitMarkedOffsets"}:      true,
	{FranzGo, "Client", "MarkCommitRecords"}:        true,
	{NATS, "Msg", "Ack"}:                            true,
	{NATS, "Msg", "AckSync"}:                        true,
	{NATS, "Msg", "Term"}:                           true,
	{JetStream, "*", "Ack"}:                         true,
	{JetStream, "*", "DoubleAck"}:                   true,
	{JetStream, "*", "Term"}:                        true,
	{JetStream, "*", "TermWithReason"}:              true,
	{AMQP091, "Delivery", "Ack"}:                    true,
	{StreadwayAMQP, "Delivery", "Ack"}:              true,
	{PubSubMessage, "Message", "Ack"}:               true,
	{PubSubMessage, "Message", "AckWithResult"}:     true,
	{SQS, "Client", "DeleteMessage"}:                true,
	{SQS, "Client", "DeleteMessageBatch"}:           true,
}

// NATSMaxDeliver is the subscription option that bounds deliveries.
var NATSMaxDeliver = Func{NATS, "", "MaxDeliver"}

// SQSTypes is the package of SQS's Message type.
const SQSTypes = "github.com/aws/aws-sdk-go-v2/service/sqs/types"

// HandedMessages are the message types a consumer hands to worker
// goroutines over a channel of its own; a worker that ranges over such a
// channel and acknowledges in the loop (CommitMessages, MarkMessage, Ack)
// runs again what precedes the acknowledgement.
var HandedMessages = map[HandlerParam]*Framework{
	{KafkaGo, "Message"}:           KafkaGoFramework,
	{Sarama, "ConsumerMessage"}:    SaramaFramework,
	{SaramaOld, "ConsumerMessage"}: SaramaFramework,
	{FranzGo, "Record"}:            FranzFramework,
	{NATS, "Msg"}:                  NATSFramework,
	{JetStream, "Msg"}:             NATSFramework,
	{PubSubMessage, "Message"}:     PubSubFramework,
	{SQSTypes, "Message"}:          SQSFramework,
}
