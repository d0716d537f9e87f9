-- The part of the schema the fixtures rely on.
CREATE TABLE accounts (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE
);
CREATE TABLE orders (id BIGINT, ref TEXT, user_id BIGINT);
