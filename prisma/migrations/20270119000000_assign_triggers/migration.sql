-- Nothing on SQLite: auto-assign's pairs move its counters once already (insertAssignments holds
-- the insert triggers back and adds the counts itself, ADR 0069). The PostgreSQL migration of the
-- same name makes its two insert statement triggers one (docs/decisions/0086-assign-insert-pg.md).
SELECT 1;
