-- The queue's search with every name and email field ticked (the default): one trigram index over one
-- lower-cased text, "first last", a separator, then the email, instead of four ILIKEs each checked on every
-- candidate row. The separator (chr(1)) is a control character a search value may not contain, so a match
-- never spans a name and the email. Written by hand: drizzle-kit does not generate operator classes.
CREATE INDEX IF NOT EXISTS "borrower_search_text_trgm_idx" ON "borrower" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || chr(1) || coalesce("email", ''))) gin_trgm_ops);
