-- Decision 310: the key id each evidence file is stored under, so that the start-up step rewrites
-- only files stored before files were encrypted (null) or under a key that no longer encrypts,
-- without opening every file at every start.
ALTER TABLE "evidencia" ADD COLUMN "llave_archivo" text;--> statement-breakpoint
ANALYZE "evidencia";
