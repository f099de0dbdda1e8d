-- Issue 54, decision 358: one row per online-session room (an "En línea" appointment's, or one the
-- psychologist opened from the chat). It records when the room started and ended, by whom, and when
-- each party first entered: presence and times, never content.
CREATE TABLE "sesion_en_linea" (
	"id_sesion" serial PRIMARY KEY NOT NULL,
	"id_cita" integer,
	"id_psicologo" integer NOT NULL,
	"id_paciente" integer NOT NULL,
	"gracia_min" integer DEFAULT 0 NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"abre_en" timestamp with time zone,
	"cierra_base_en" timestamp with time zone,
	"iniciada_en" timestamp with time zone,
	"terminada_en" timestamp with time zone,
	"terminada_por" text,
	"entro_psicologo_en" timestamp with time zone,
	"entro_paciente_en" timestamp with time zone,
	CONSTRAINT "sesion_en_linea_cita_uq" UNIQUE("id_cita"),
	CONSTRAINT "sesion_en_linea_gracia_ck" CHECK ("sesion_en_linea"."gracia_min" between 0 and 60 and "sesion_en_linea"."gracia_min" % 10 = 0),
	CONSTRAINT "sesion_en_linea_terminada_por_ck" CHECK ("sesion_en_linea"."terminada_por" in ('psicologo','ventana')),
	CONSTRAINT "sesion_en_linea_terminada_ck" CHECK (("sesion_en_linea"."terminada_en" is null) = ("sesion_en_linea"."terminada_por" is null)),
	CONSTRAINT "sesion_en_linea_ventana_ck" CHECK (("sesion_en_linea"."id_cita" is null) = ("sesion_en_linea"."abre_en" is not null and "sesion_en_linea"."cierra_base_en" is not null) and ("sesion_en_linea"."abre_en" is null or "sesion_en_linea"."cierra_base_en" > "sesion_en_linea"."abre_en"))
);
--> statement-breakpoint
ALTER TABLE "sesion_en_linea" ADD CONSTRAINT "sesion_en_linea_id_cita_cita_id_cita_fk" FOREIGN KEY ("id_cita") REFERENCES "public"."cita"("id_cita") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion_en_linea" ADD CONSTRAINT "sesion_en_linea_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesion_en_linea" ADD CONSTRAINT "sesion_en_linea_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesion_en_linea_psicologo_abierta_idx" ON "sesion_en_linea" USING btree ("id_psicologo") WHERE "sesion_en_linea"."terminada_en" is null;--> statement-breakpoint
CREATE INDEX "sesion_en_linea_paciente_idx" ON "sesion_en_linea" USING btree ("id_paciente");--> statement-breakpoint
CREATE UNIQUE INDEX "sesion_en_linea_sin_cita_abierta_uq" ON "sesion_en_linea" USING btree ("id_paciente") WHERE "sesion_en_linea"."id_cita" is null and "sesion_en_linea"."terminada_en" is null;--> statement-breakpoint
ANALYZE "sesion_en_linea";
