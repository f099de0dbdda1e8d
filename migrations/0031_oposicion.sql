CREATE TABLE "oposicion_paciente" (
	"id_paciente" integer PRIMARY KEY NOT NULL,
	"correos" boolean DEFAULT false NOT NULL,
	"push" boolean DEFAULT false NOT NULL,
	"foro_sin_nombre" boolean DEFAULT false NOT NULL,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oposicion_paciente" ADD CONSTRAINT "oposicion_paciente_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ANALYZE "oposicion_paciente";
