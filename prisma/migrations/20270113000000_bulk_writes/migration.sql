-- Nothing on SQLite: its counter triggers run in the statement, one writer at a time, and a row's
-- upsert does not leave versions behind (docs/decisions/0073-bulk-writes-on-postgresql.md). The
-- PostgreSQL migration of the same name makes its per-row triggers on hot rows once a statement.
SELECT 1;
