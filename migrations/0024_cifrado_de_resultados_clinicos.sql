-- Decisions 335 and 336: a test's result, the diary's emotion and intensity and the date of the loss
-- are encrypted at rest. SQL cannot encrypt (the key never reaches the database): this migration
-- turns the columns into text holding their values as plain text, and the start-up step
-- (db/cifrar-pendientes.ts) encrypts them, padded, before the first request is served.
CREATE TABLE "paciente_en_riesgo" (
	"id_paciente" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paciente_en_riesgo" ADD CONSTRAINT "paciente_en_riesgo_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The patient's risk flag (decision 104), derived while the applications' flags are still readable.
INSERT INTO "paciente_en_riesgo" ("id_paciente")
SELECT DISTINCT u.id_paciente FROM (
  SELECT DISTINCT ON (a.id_paciente, a.id_test) a.id_paciente, a.riesgo FROM "aplicacion_test" a
   WHERE a.estado = 'completado'
   ORDER BY a.id_paciente, a.id_test, a.fecha DESC, a.id_aplicacion DESC
) u WHERE u.riesgo;--> statement-breakpoint
ALTER TABLE "aplicacion_test" ALTER COLUMN "puntaje_total" SET DATA TYPE text USING "puntaje_total"::text;--> statement-breakpoint
ALTER TABLE "aplicacion_test" ALTER COLUMN "riesgo" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "aplicacion_test" ALTER COLUMN "riesgo" SET DATA TYPE text USING (CASE WHEN "riesgo" THEN 'true' ELSE 'false' END);--> statement-breakpoint
ALTER TABLE "diario_emocion" DROP CONSTRAINT "diario_intensidad_ck";--> statement-breakpoint
ALTER TABLE "diario_emocion" ALTER COLUMN "intensidad" SET DATA TYPE text USING "intensidad"::text;--> statement-breakpoint
ALTER TABLE "paciente" ALTER COLUMN "fecha_perdida" SET DATA TYPE text USING to_char("fecha_perdida", 'YYYY-MM-DD');--> statement-breakpoint
ANALYZE "paciente_en_riesgo";
