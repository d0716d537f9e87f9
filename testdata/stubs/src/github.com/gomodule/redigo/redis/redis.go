package redis

import "errors"

var ErrNil = errors.New("redigo: nil returned")

type Conn interface {
	Close() error
	Err() error
	Do(commandName string, args ...interface{}) (reply interface{}, err error)
}

type Pool struct{}

func (p *Pool) Get() Conn { return nil }

func String(reply interface{}, err error) (string, error) { return "", nil }
func Bool(reply interface{}, err error) (bool, error)     { return false, nil }
func Int(reply interface{}, err error) (int, error)       { return 0, nil }

type Script struct{}

func NewScript(keyCount int, src string) *Script                             { return &Script{} }
func (s *Script) Do(c Conn, keysAndArgs ...interface{}) (interface{}, error) { return nil, nil }
