-- Decision 313: a retry of a create (a note, a test application, an activity assignment, a diary
-- entry, an evidence) after an answer that never arrived stores nothing twice. Each form sends a
-- client id made when it opens; the same id again answers the record already stored.
ALTER TABLE "nota" ADD COLUMN "id_cliente" text;--> statement-breakpoint
ALTER TABLE "nota" ADD CONSTRAINT "nota_id_cliente_ck" CHECK ("nota"."id_cliente" is null or char_length("nota"."id_cliente") <= 64);--> statement-breakpoint
CREATE UNIQUE INDEX "nota_cliente_uq" ON "nota" USING btree ("id_paciente","id_cliente");--> statement-breakpoint
ALTER TABLE "aplicacion_test" ADD COLUMN "id_cliente" text;--> statement-breakpoint
ALTER TABLE "aplicacion_test" ADD CONSTRAINT "aplicacion_test_id_cliente_ck" CHECK ("aplicacion_test"."id_cliente" is null or char_length("aplicacion_test"."id_cliente") <= 64);--> statement-breakpoint
CREATE UNIQUE INDEX "aplicacion_test_cliente_uq" ON "aplicacion_test" USING btree ("id_paciente","id_cliente");--> statement-breakpoint
ALTER TABLE "actividad_asignada" ADD COLUMN "id_cliente" text;--> statement-breakpoint
ALTER TABLE "actividad_asignada" ADD CONSTRAINT "asignada_id_cliente_ck" CHECK ("actividad_asignada"."id_cliente" is null or char_length("actividad_asignada"."id_cliente") <= 64);--> statement-breakpoint
CREATE UNIQUE INDEX "asignada_cliente_uq" ON "actividad_asignada" USING btree ("id_cliente","id_paciente");--> statement-breakpoint
ALTER TABLE "diario_emocion" ADD COLUMN "id_cliente" text;--> statement-breakpoint
ALTER TABLE "diario_emocion" ADD CONSTRAINT "diario_id_cliente_ck" CHECK ("diario_emocion"."id_cliente" is null or char_length("diario_emocion"."id_cliente") <= 64);--> statement-breakpoint
CREATE UNIQUE INDEX "diario_cliente_uq" ON "diario_emocion" USING btree ("id_paciente","id_cliente");--> statement-breakpoint
ALTER TABLE "evidencia" ADD COLUMN "id_cliente" text;--> statement-breakpoint
ALTER TABLE "evidencia" ADD CONSTRAINT "evidencia_id_cliente_ck" CHECK ("evidencia"."id_cliente" is null or char_length("evidencia"."id_cliente") <= 64);--> statement-breakpoint
CREATE UNIQUE INDEX "evidencia_cliente_uq" ON "evidencia" USING btree ("id_asignacion","subida_por","id_cliente");--> statement-breakpoint
ANALYZE "nota", "aplicacion_test", "actividad_asignada", "diario_emocion", "evidencia";
