CREATE TABLE "actividad" (
	"id_actividad" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text,
	"tipo" text NOT NULL,
	"obligatoria" boolean DEFAULT false NOT NULL,
	"repetitiva" boolean DEFAULT false NOT NULL,
	"periodo" integer,
	"archivo_url" text,
	"origen" text DEFAULT 'personalizada' NOT NULL,
	"id_modulo" integer,
	"orden" integer,
	"id_psicologo_creador" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"eliminada_en" timestamp with time zone,
	CONSTRAINT "actividad_origen_ck" CHECK ("actividad"."origen" in ('personalizada','modulo')),
	CONSTRAINT "actividad_periodo_ck" CHECK (("actividad"."repetitiva" and "actividad"."periodo" between 1 and 365) or (not "actividad"."repetitiva" and "actividad"."periodo" is null)),
	CONSTRAINT "actividad_modulo_ck" CHECK (("actividad"."origen" = 'modulo' and "actividad"."id_modulo" is not null and "actividad"."id_psicologo_creador" is null) or ("actividad"."origen" = 'personalizada' and "actividad"."id_modulo" is null and "actividad"."id_psicologo_creador" is not null))
);
--> statement-breakpoint
CREATE TABLE "actividad_asignada" (
	"id_asignacion" serial PRIMARY KEY NOT NULL,
	"id_actividad" integer NOT NULL,
	"id_paciente" integer NOT NULL,
	"id_psicologo" integer,
	"asignada_por" text DEFAULT 'psicologo' NOT NULL,
	"estado" text DEFAULT 'en_proceso' NOT NULL,
	"prioridad" text DEFAULT 'media' NOT NULL,
	"fecha_asignacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_limite" date,
	"fecha_completada" timestamp with time zone,
	"instrucciones_personalizadas" text,
	"visible_para_psicologo" boolean DEFAULT false NOT NULL,
	"revisada_en" timestamp with time zone,
	"recordatorio_en" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "asignada_estado_ck" CHECK ("actividad_asignada"."estado" in ('en_proceso','finalizada')),
	CONSTRAINT "asignada_prioridad_ck" CHECK ("actividad_asignada"."prioridad" in ('baja','media','alta')),
	CONSTRAINT "asignada_por_ck" CHECK ("actividad_asignada"."asignada_por" in ('psicologo','paciente')),
	CONSTRAINT "asignada_completada_ck" CHECK (("actividad_asignada"."estado" = 'finalizada' and "actividad_asignada"."fecha_completada" is not null) or ("actividad_asignada"."estado" = 'en_proceso' and "actividad_asignada"."fecha_completada" is null))
);
--> statement-breakpoint
CREATE TABLE "evidencia" (
	"id_evidencia" serial PRIMARY KEY NOT NULL,
	"id_asignacion" integer NOT NULL,
	"subida_por" text NOT NULL,
	"clave" text,
	"enlace" text,
	"nombre_archivo" text,
	"mime" text,
	"tamano" bigint,
	"tipo_archivo" text NOT NULL,
	"comentario" text,
	"fecha_subida" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidencia_clave_unique" UNIQUE("clave"),
	CONSTRAINT "evidencia_subida_por_ck" CHECK ("evidencia"."subida_por" in ('paciente','psicologo')),
	CONSTRAINT "evidencia_tipo_ck" CHECK ("evidencia"."tipo_archivo" in ('imagen','video','audio','documento','otro')),
	CONSTRAINT "evidencia_contenido_ck" CHECK (("evidencia"."clave" is null) <> ("evidencia"."enlace" is null))
);
--> statement-breakpoint
CREATE TABLE "modulo_duelo" (
	"id_modulo" integer PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"etapa_duelo" text NOT NULL,
	"descripcion" text NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "modulo_duelo_etapa_duelo_unique" UNIQUE("etapa_duelo")
);
--> statement-breakpoint
ALTER TABLE "actividad" ADD CONSTRAINT "actividad_id_modulo_modulo_duelo_id_modulo_fk" FOREIGN KEY ("id_modulo") REFERENCES "public"."modulo_duelo"("id_modulo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actividad" ADD CONSTRAINT "actividad_id_psicologo_creador_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo_creador") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actividad_asignada" ADD CONSTRAINT "actividad_asignada_id_actividad_actividad_id_actividad_fk" FOREIGN KEY ("id_actividad") REFERENCES "public"."actividad"("id_actividad") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actividad_asignada" ADD CONSTRAINT "actividad_asignada_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "actividad_asignada" ADD CONSTRAINT "actividad_asignada_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidencia" ADD CONSTRAINT "evidencia_id_asignacion_actividad_asignada_id_asignacion_fk" FOREIGN KEY ("id_asignacion") REFERENCES "public"."actividad_asignada"("id_asignacion") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actividad_creador_idx" ON "actividad" USING btree ("id_psicologo_creador");--> statement-breakpoint
CREATE INDEX "actividad_modulo_idx" ON "actividad" USING btree ("id_modulo","orden");--> statement-breakpoint
CREATE INDEX "asignada_paciente_idx" ON "actividad_asignada" USING btree ("id_paciente","id_actividad");--> statement-breakpoint
CREATE INDEX "asignada_actividad_idx" ON "actividad_asignada" USING btree ("id_actividad");--> statement-breakpoint
CREATE INDEX "evidencia_asignacion_idx" ON "evidencia" USING btree ("id_asignacion","fecha_subida");--> statement-breakpoint
ANALYZE "modulo_duelo", "actividad", "actividad_asignada", "evidencia";
