package forgeapi

import (
	"fmt"
	"net/http"
)

type IssuesService struct{ client *Client }

type Issue struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
}

type CreateIssueOptions struct {
	Title string `json:"title"`
}

func (s *IssuesService) CreateIssue(project string, opt *CreateIssueOptions) (*Issue, error) { // want CreateIssue:`sends unkeyed POST \(retried=true\)`
	req, err := s.client.NewRequest(http.MethodPost, fmt.Sprintf("projects/%s/issues", project), opt)
	if err != nil {
		return nil, err
	}
	i := new(Issue)
	if _, err := s.client.Do(req, i); err != nil { // want `POST request is sent through Do, which retries it without an Idempotency-Key header`
		return nil, err
	}
	return i, nil
}

func (s *IssuesService) GetIssue(project string, id int) (*Issue, error) {
	req, err := s.client.NewRequest(http.MethodGet, fmt.Sprintf("projects/%s/issues/%d", project, id), nil)
	if err != nil {
		return nil, err
	}
	i := new(Issue)
	_, err = s.client.Do(req, i)
	return i, err
}

func (s *IssuesService) UpdateIssue(project string, id int, opt *CreateIssueOptions) (*Issue, error) {
	req, err := s.client.NewRequest(http.MethodPut, fmt.Sprintf("projects/%s/issues/%d", project, id), opt)
	if err != nil {
		return nil, err
	}
	i := new(Issue)
	_, err = s.client.Do(req, i)
	return i, err
}
