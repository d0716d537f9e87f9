CREATE TABLE members (id BIGSERIAL PRIMARY KEY, email TEXT NOT NULL);
CREATE INDEX members_email ON members (email);
CREATE TABLE invoices (id BIGSERIAL PRIMARY KEY, org_id BIGINT, number TEXT, subscription_id BIGINT, UNIQUE (org_id, number));
CREATE TABLE seats (id BIGSERIAL PRIMARY KEY, member_id BIGINT NOT NULL);
CREATE UNIQUE INDEX seats_member ON seats (member_id);
CREATE TABLE trials (id BIGSERIAL PRIMARY KEY, org_id BIGINT);
