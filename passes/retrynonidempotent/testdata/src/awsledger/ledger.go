// Package awsledger records transfers in DynamoDB with transactions, which
// the service deduplicates by their ClientRequestToken.
package awsledger

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"
)

type Ledger struct {
	db    *dynamodb.Client
	table string
}

func (l *Ledger) items(from, to string) []types.TransactWriteItem {
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: &l.table, Item: map[string]types.AttributeValue{"account": &types.AttributeValueMemberS{Value: from}}}},
		{Put: &types.Put{TableName: &l.table, Item: map[string]types.AttributeValue{"account": &types.AttributeValueMemberS{Value: to}}}},
	}
}

// Transfer builds the transaction in every attempt and leaves its token
// to the SDK, which makes a new one for each call.
func (l *Ledger) Transfer(ctx context.Context, from, to string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = l.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: l.items(from, to)}) // want `TransactWriteItems request is retried without a ClientRequestToken: the AWS SDK fills in a new token for each call, so the service cannot tell the retry from a new request; generate one token per operation, outside the retry, and set ClientRequestToken on every attempt`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (l *Ledger) Refund(ctx context.Context, from, to string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		in := &dynamodb.TransactWriteItemsInput{TransactItems: l.items(to, from)}
		if _, err = l.db.TransactWriteItems(ctx, in); err == nil { // want `TransactWriteItems request is retried without a ClientRequestToken`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Look-alikes: a token made once per operation, an input built once before
// the retry (the SDK writes its token into it on the first call and sends
// it again), a token set on the input after it is built, and a retry of a
// cancelled transaction only (it did not apply: a new one is right).
func (l *Ledger) Deposit(ctx context.Context, to string) error {
	token := uuid.NewString()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		_, err = l.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: l.items(to, to), ClientRequestToken: aws.String(token)})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (l *Ledger) Withdraw(ctx context.Context, from string) error {
	in := &dynamodb.TransactWriteItemsInput{TransactItems: l.items(from, from)}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if _, err = l.db.TransactWriteItems(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (l *Ledger) Move(ctx context.Context, from, to, requestID string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		in := &dynamodb.TransactWriteItemsInput{TransactItems: l.items(from, to)}
		in.ClientRequestToken = &requestID
		if _, err = l.db.TransactWriteItems(ctx, in); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func (l *Ledger) Rebalance(ctx context.Context, from, to string) error {
	for attempt := 0; attempt < 3; attempt++ {
		_, err := l.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: l.items(from, to)})
		if err == nil {
			return nil
		}
		var lost *types.ConditionalCheckFailedException
		if !errors.As(err, &lost) {
			return err
		}
	}
	return errors.New("rebalance: too much contention")
}
