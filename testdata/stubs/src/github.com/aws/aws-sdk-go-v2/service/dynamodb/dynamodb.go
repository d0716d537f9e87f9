// Package dynamodb is a stub of github.com/aws/aws-sdk-go-v2/service/dynamodb v1.42.4.
package dynamodb

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type Options struct {
	RetryMaxAttempts int
	Retryer          aws.Retryer
}

type Client struct{ options Options }

func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return &Client{} }

type PutItemInput struct {
	TableName           *string
	Item                map[string]types.AttributeValue
	ConditionExpression *string
}

type PutItemOutput struct{}

func (c *Client) PutItem(ctx context.Context, params *PutItemInput, optFns ...func(*Options)) (*PutItemOutput, error) {
	return nil, nil
}

type TransactWriteItemsInput struct {
	TransactItems      []types.TransactWriteItem
	ClientRequestToken *string
}

type TransactWriteItemsOutput struct{}

func (c *Client) TransactWriteItems(ctx context.Context, params *TransactWriteItemsInput, optFns ...func(*Options)) (*TransactWriteItemsOutput, error) {
	return nil, nil
}
