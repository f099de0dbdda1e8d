-- A forum topic's title and a report's reason are stored encrypted (decision 311): their limits
-- (255 and 500 characters) are checked on the plain text by the shared schemas, and the checks here
-- bound the stored value, which is longer (the rule of decision 070 for chat messages: six times).
ALTER TABLE "foro_reporte" DROP CONSTRAINT "foro_reporte_motivo_ck";--> statement-breakpoint
ALTER TABLE "foro_tema" DROP CONSTRAINT "foro_tema_titulo_ck";--> statement-breakpoint
ALTER TABLE "foro_reporte" ADD CONSTRAINT "foro_reporte_motivo_ck" CHECK ("foro_reporte"."motivo" is null or char_length("foro_reporte"."motivo") <= 3000);--> statement-breakpoint
ALTER TABLE "foro_tema" ADD CONSTRAINT "foro_tema_titulo_ck" CHECK (char_length("foro_tema"."titulo") between 3 and 1530);--> statement-breakpoint
ANALYZE "foro_tema", "foro_reporte";
