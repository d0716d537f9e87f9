// Package kafka is a stub of github.com/segmentio/kafka-go v0.4.51.
package kafka

import "context"

type Message struct {
	Topic     string
	Partition int
	Offset    int64
	Key       []byte
	Value     []byte
}

type ReaderConfig struct {
	Brokers []string
	GroupID string
	Topic   string
}

type Reader struct{}

func NewReader(config ReaderConfig) *Reader                                 { return &Reader{} }
func (r *Reader) ReadMessage(ctx context.Context) (Message, error)          { return Message{}, nil }
func (r *Reader) FetchMessage(ctx context.Context) (Message, error)         { return Message{}, nil }
func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }
func (r *Reader) Close() error                                              { return nil }

type Writer struct{}

func (w *Writer) WriteMessages(ctx context.Context, msgs ...Message) error { return nil }
