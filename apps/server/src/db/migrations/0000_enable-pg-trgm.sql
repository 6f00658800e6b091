-- Custom SQL migration file, put your code below! --
-- Trigram search (names in Latin and Khmer script); PGlite also needs the extension loaded in PGlite.create.
CREATE EXTENSION IF NOT EXISTS pg_trgm;