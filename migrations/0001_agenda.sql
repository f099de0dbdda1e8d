CREATE TABLE "agenda" (
	"id_agenda" serial PRIMARY KEY NOT NULL,
	"id_psicologo" integer NOT NULL,
	"semana_inicio" date NOT NULL,
	"semana_fin" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_psicologo_semana_uq" UNIQUE("id_psicologo","semana_inicio"),
	CONSTRAINT "agenda_lunes_ck" CHECK (extract(isodow from "agenda"."semana_inicio") = 1),
	CONSTRAINT "agenda_semana_ck" CHECK ("agenda"."semana_fin" = "agenda"."semana_inicio" + 6)
);
--> statement-breakpoint
CREATE TABLE "cita" (
	"id_cita" serial PRIMARY KEY NOT NULL,
	"id_agenda" integer NOT NULL,
	"id_psicologo" integer NOT NULL,
	"id_paciente" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora_inicio" time NOT NULL,
	"hora_fin" time NOT NULL,
	"duracion" integer NOT NULL,
	"modalidad" text NOT NULL,
	"estado" text NOT NULL,
	"notas" text,
	"origen" text DEFAULT 'psicologo' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"recordatorio_enviado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cita_modalidad_ck" CHECK ("cita"."modalidad" in ('Presencial','En línea')),
	CONSTRAINT "cita_estado_ck" CHECK ("cita"."estado" in ('pendiente','confirmada','cancelada')),
	CONSTRAINT "cita_origen_ck" CHECK ("cita"."origen" in ('psicologo','paciente')),
	CONSTRAINT "cita_duracion_ck" CHECK ("cita"."duracion" >= 15 and "cita"."duracion" % 15 = 0),
	CONSTRAINT "cita_horas_ck" CHECK ("cita"."hora_fin" > "cita"."hora_inicio")
);
--> statement-breakpoint
CREATE TABLE "disponibilidad" (
	"id_disponibilidad" serial PRIMARY KEY NOT NULL,
	"id_psicologo" integer NOT NULL,
	"dia_semana" text NOT NULL,
	"hora_inicio" time NOT NULL,
	"hora_fin" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disponibilidad_psicologo_dia_inicio_uq" UNIQUE("id_psicologo","dia_semana","hora_inicio"),
	CONSTRAINT "disponibilidad_dia_ck" CHECK ("disponibilidad"."dia_semana" in ('Lunes','Martes','Miércoles','Jueves','Viernes','Sábado','Domingo')),
	CONSTRAINT "disponibilidad_horas_ck" CHECK ("disponibilidad"."hora_fin" > "disponibilidad"."hora_inicio")
);
--> statement-breakpoint
CREATE TABLE "excepcion" (
	"id_excepcion" serial PRIMARY KEY NOT NULL,
	"id_psicologo" integer NOT NULL,
	"fecha" date NOT NULL,
	"hora_inicio" time,
	"hora_fin" time,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "excepcion_horas_ck" CHECK (("excepcion"."hora_inicio" is null and "excepcion"."hora_fin" is null) or ("excepcion"."hora_inicio" is not null and "excepcion"."hora_fin" > "excepcion"."hora_inicio"))
);
--> statement-breakpoint
ALTER TABLE "agenda" ADD CONSTRAINT "agenda_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cita" ADD CONSTRAINT "cita_id_agenda_agenda_id_agenda_fk" FOREIGN KEY ("id_agenda") REFERENCES "public"."agenda"("id_agenda") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cita" ADD CONSTRAINT "cita_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cita" ADD CONSTRAINT "cita_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disponibilidad" ADD CONSTRAINT "disponibilidad_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excepcion" ADD CONSTRAINT "excepcion_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cita_psicologo_fecha_idx" ON "cita" USING btree ("id_psicologo","fecha");--> statement-breakpoint
CREATE INDEX "cita_paciente_fecha_idx" ON "cita" USING btree ("id_paciente","fecha");--> statement-breakpoint
CREATE INDEX "cita_agenda_idx" ON "cita" USING btree ("id_agenda");--> statement-breakpoint
CREATE INDEX "cita_recordatorio_idx" ON "cita" USING btree ("fecha") WHERE "cita"."estado" = 'confirmada' and "cita"."recordatorio_enviado_en" is null;--> statement-breakpoint
CREATE INDEX "excepcion_psicologo_fecha_idx" ON "excepcion" USING btree ("id_psicologo","fecha");