CREATE TABLE "auditoria" (
	"id_auditoria" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_tipo" text NOT NULL,
	"actor_id" integer,
	"accion" text NOT NULL,
	"recurso" text NOT NULL,
	"id_recurso" text,
	"id_paciente" integer,
	"ip" text,
	"detalle" jsonb,
	CONSTRAINT "auditoria_actor_tipo_ck" CHECK ("auditoria"."actor_tipo" in ('psicologo','paciente','admin','sistema'))
);
--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_paciente_idx" ON "auditoria" USING btree ("id_paciente","fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_actor_idx" ON "auditoria" USING btree ("actor_tipo","actor_id","fecha" DESC NULLS LAST);--> statement-breakpoint
ANALYZE "auditoria";
