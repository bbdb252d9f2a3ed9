-- The service portal's language filter asks of each application whether its borrower speaks Spanish. Spanish
-- speakers are a minority, so a partial index of their application ids answers it with one probe of a small
-- index, for the Spanish filter and the English one alike (decision 0098).
CREATE INDEX "borrower_spanish_application_idx" ON "borrower" USING btree ("application_id") WHERE "borrower"."preferred_language" = 'es';