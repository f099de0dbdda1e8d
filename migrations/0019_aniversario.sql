ALTER TABLE "paciente" ADD COLUMN "fecha_perdida" date;--> statement-breakpoint
ALTER TABLE "paciente" ADD COLUMN "persona_perdida" text;--> statement-breakpoint
CREATE TABLE "aviso_aniversario" (
	"id_paciente" integer NOT NULL,
	"anio" integer NOT NULL,
	"fecha_aniversario" date NOT NULL,
	"reclamado_en" timestamp with time zone,
	"enviado_en" timestamp with time zone,
	CONSTRAINT "aviso_aniversario_id_paciente_anio_pk" PRIMARY KEY("id_paciente","anio")
);
--> statement-breakpoint
ALTER TABLE "aviso_aniversario" ADD CONSTRAINT "aviso_aniversario_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aviso_aniversario_pendiente_idx" ON "aviso_aniversario" USING btree ("reclamado_en") WHERE "aviso_aniversario"."enviado_en" is null;--> statement-breakpoint
ANALYZE "aviso_aniversario";--> statement-breakpoint
ANALYZE "paciente";
