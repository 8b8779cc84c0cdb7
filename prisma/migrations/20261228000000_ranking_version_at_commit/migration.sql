-- PostgreSQL only: its ranking-version trigger fires at COMMIT (docs/decisions/0059-writing-at-scale.md).
-- SQLite has no deferred triggers and needs none: one writer at a time holds the whole database
-- until COMMIT anyway. Nothing changes here.
SELECT 1;
