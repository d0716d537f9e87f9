// Package drainframes drains the frames buffered on a connection: a frame
// whose name cannot be peeked is still read, and consumed, so the next
// round reads the next frame. The peek's failure was put up with, not
// retried. A peek that goes round on its failure without reading
// anything peeks the same bytes again.
package drainframes

import (
	"errors"
	"log"
)

type Reader struct{}

func (r *Reader) PeekReplyType() (byte, error)    { return 0, nil }
func (r *Reader) PeekName() (string, error)       { return "", nil }
func (r *Reader) ReadReply() (interface{}, error) { return nil, nil }

var errTooLong = errors.New("name too long")

func skip(string) bool { return false }

// Drain reads and discards the pushed frames at the head of the buffer.
func Drain(rd *Reader) error {
	for {
		t, err := rd.PeekReplyType()
		if err != nil {
			break
		}
		if t != '>' {
			break
		}
		name, err := rd.PeekName()
		if err != nil {
			if !errors.Is(err, errTooLong) {
				break
			}
		} else if skip(name) {
			break
		}
		_, err = rd.ReadReply()
		if err != nil {
			log.Printf("drain: %v", err)
			return nil
		}
	}
	return nil
}

// Peek goes round on a failed peek without reading: the same peek again,
// at once.
func Peek(rd *Reader) error {
	for { // want `retry loop retries at once`
		t, err := rd.PeekReplyType()
		if err != nil {
			break
		}
		if t != '>' {
			break
		}
		if _, err := rd.PeekName(); err != nil {
			log.Printf("peek: %v", err)
			continue
		}
		if _, err = rd.ReadReply(); err != nil {
			return err
		}
	}
	return nil
}
