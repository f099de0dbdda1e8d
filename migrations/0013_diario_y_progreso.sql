CREATE TABLE "diario_emocion" (
	"id_entrada" serial PRIMARY KEY NOT NULL,
	"id_paciente" integer NOT NULL,
	"fecha" date NOT NULL,
	"emocion" text NOT NULL,
	"intensidad" integer NOT NULL,
	"nota" text,
	"compartida" boolean DEFAULT false NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "diario_intensidad_ck" CHECK ("diario_emocion"."intensidad" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "progreso_historial" (
	"id_paciente" integer NOT NULL,
	"id_modulo" integer NOT NULL,
	"fecha" date NOT NULL,
	"progreso" integer NOT NULL,
	CONSTRAINT "progreso_historial_id_paciente_id_modulo_fecha_pk" PRIMARY KEY("id_paciente","id_modulo","fecha")
);
--> statement-breakpoint
ALTER TABLE "diario_emocion" ADD CONSTRAINT "diario_emocion_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progreso_historial" ADD CONSTRAINT "progreso_historial_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progreso_historial" ADD CONSTRAINT "progreso_historial_id_modulo_modulo_duelo_id_modulo_fk" FOREIGN KEY ("id_modulo") REFERENCES "public"."modulo_duelo"("id_modulo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diario_paciente_idx" ON "diario_emocion" USING btree ("id_paciente","fecha");--> statement-breakpoint
ANALYZE "diario_emocion", "progreso_historial";
