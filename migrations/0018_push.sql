CREATE TABLE "preferencia_push" (
	"id_paciente" integer PRIMARY KEY NOT NULL,
	"mensajes" boolean DEFAULT true NOT NULL,
	"citas" boolean DEFAULT true NOT NULL,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suscripcion_push" (
	"id_suscripcion" serial PRIMARY KEY NOT NULL,
	"id_paciente" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preferencia_push" ADD CONSTRAINT "preferencia_push_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripcion_push" ADD CONSTRAINT "suscripcion_push_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suscripcion_push_endpoint_uq" ON "suscripcion_push" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "suscripcion_push_paciente_idx" ON "suscripcion_push" USING btree ("id_paciente");--> statement-breakpoint
ANALYZE "suscripcion_push";--> statement-breakpoint
ANALYZE "preferencia_push";
