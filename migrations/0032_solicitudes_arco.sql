-- Issue 56, decisions 378 and 379: ARCO cancellation and opposition requests with their legal
-- deadline (20 business days, Mexican federal holidays counted), one of each kind in process per
-- patient, and the retained identification of the clinical record after a cancellation.
CREATE TABLE "solicitud_arco" (
	"id_solicitud" serial PRIMARY KEY NOT NULL,
	"id_paciente" integer NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text,
	"recibida_en" timestamp with time zone NOT NULL,
	"vence_el" date NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"resultado" text,
	"respuesta" text,
	"resuelta_en" timestamp with time zone,
	"id_admin_resuelve" integer,
	"ficha_retenida" text,
	CONSTRAINT "solicitud_arco_tipo_ck" CHECK ("solicitud_arco"."tipo" in ('cancelacion','oposicion')),
	CONSTRAINT "solicitud_arco_estado_ck" CHECK ("solicitud_arco"."estado" in ('pendiente','resuelta')),
	CONSTRAINT "solicitud_arco_resultado_ck" CHECK ("solicitud_arco"."resultado" is null or "solicitud_arco"."resultado" in ('procedente','improcedente')),
	CONSTRAINT "solicitud_arco_resuelta_ck" CHECK (("solicitud_arco"."estado" = 'pendiente') = ("solicitud_arco"."resuelta_en" is null) and ("solicitud_arco"."estado" = 'pendiente') = ("solicitud_arco"."resultado" is null))
);
--> statement-breakpoint
ALTER TABLE "solicitud_arco" ADD CONSTRAINT "solicitud_arco_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "solicitud_arco_pendiente_uq" ON "solicitud_arco" USING btree ("id_paciente","tipo") WHERE "solicitud_arco"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "solicitud_arco_estado_idx" ON "solicitud_arco" USING btree ("estado","vence_el");--> statement-breakpoint
ANALYZE "solicitud_arco";
