-- The patient's sort keys in the Spanish alphabet (decision 284): stored, generated columns that
-- PostgreSQL keeps on every write, and the index the patient list reads in order. The new index
-- leads with id_psicologo, so it replaces the one on that column alone.
DROP INDEX "paciente_psicologo_idx";--> statement-breakpoint
ALTER TABLE "paciente" ADD COLUMN "clave_apellido" text COLLATE "C" GENERATED ALWAYS AS (lower(replace(replace(translate("apellido_paterno", 'ÁÉÍÓÚÜáéíóúü', 'aeiouuaeiouu'), 'Ñ', 'n~'), 'ñ', 'n~') collate "C") collate "C") STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "paciente" ADD COLUMN "clave_nombre" text COLLATE "C" GENERATED ALWAYS AS (lower(replace(replace(translate("nombre", 'ÁÉÍÓÚÜáéíóúü', 'aeiouuaeiouu'), 'Ñ', 'n~'), 'ñ', 'n~') collate "C") collate "C") STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "paciente_orden_idx" ON "paciente" USING btree ("id_psicologo","clave_apellido","clave_nombre","id_paciente");--> statement-breakpoint
ANALYZE "paciente";
