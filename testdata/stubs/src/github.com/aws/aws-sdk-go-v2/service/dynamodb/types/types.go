// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/dynamodb/types v1.42.4.
package types

type AttributeValue interface{ isAttributeValue() }

type AttributeValueMemberS struct{ Value string }

func (*AttributeValueMemberS) isAttributeValue() {}

type ConditionalCheckFailedException struct{ Message *string }

func (e *ConditionalCheckFailedException) Error() string { return "ConditionalCheckFailedException" }

type ProvisionedThroughputExceededException struct{ Message *string }

func (e *ProvisionedThroughputExceededException) Error() string {
	return "ProvisionedThroughputExceededException"
}

type Put struct {
	TableName *string
	Item      map[string]AttributeValue
}

type TransactWriteItem struct {
	Put *Put
}
