CREATE TABLE "aplicacion_test" (
	"id_aplicacion" serial PRIMARY KEY NOT NULL,
	"id_test" integer NOT NULL,
	"id_paciente" integer NOT NULL,
	"id_psicologo" integer,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"estado" text DEFAULT 'completado' NOT NULL,
	"puntaje_total" integer,
	"interpretacion" text,
	"riesgo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "aplicacion_test_estado_ck" CHECK ("aplicacion_test"."estado" in ('completado','pendiente'))
);
--> statement-breakpoint
CREATE TABLE "nota" (
	"id_nota" serial PRIMARY KEY NOT NULL,
	"id_paciente" integer NOT NULL,
	"id_psicologo" integer,
	"id_aplicacion" integer,
	"tipo" text DEFAULT 'general' NOT NULL,
	"titulo" text NOT NULL,
	"contenido" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nota_tipo_ck" CHECK ("nota"."tipo" in ('general','test')),
	CONSTRAINT "nota_aplicacion_ck" CHECK ("nota"."id_aplicacion" is null or "nota"."tipo" = 'test')
);
--> statement-breakpoint
CREATE TABLE "respuesta_test" (
	"id_respuesta" bigserial PRIMARY KEY NOT NULL,
	"id_aplicacion" integer NOT NULL,
	"id_pregunta" integer NOT NULL,
	"respuesta" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test" (
	"id_test" serial PRIMARY KEY NOT NULL,
	"clave" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	"tipo_escala" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"desplazamiento" smallint DEFAULT 0 NOT NULL,
	"bandas_validadas" boolean DEFAULT false NOT NULL,
	"fuente" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_clave_unique" UNIQUE("clave"),
	CONSTRAINT "test_tipo_escala_ck" CHECK ("test"."tipo_escala" in ('likert_5','likert_7','si_no'))
);
--> statement-breakpoint
CREATE TABLE "test_banda" (
	"id_banda" serial PRIMARY KEY NOT NULL,
	"id_test" integer NOT NULL,
	"minimo" integer NOT NULL,
	"maximo" integer NOT NULL,
	"interpretacion" text NOT NULL,
	"riesgo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "test_banda_rango_ck" CHECK ("test_banda"."minimo" <= "test_banda"."maximo")
);
--> statement-breakpoint
CREATE TABLE "test_pregunta" (
	"id_pregunta" serial PRIMARY KEY NOT NULL,
	"id_test" integer NOT NULL,
	"orden" smallint NOT NULL,
	"texto_pregunta" text NOT NULL,
	"tipo_respuesta" text NOT NULL,
	"inversa" boolean DEFAULT false NOT NULL,
	"alerta" boolean DEFAULT false NOT NULL,
	CONSTRAINT "test_pregunta_tipo_ck" CHECK ("test_pregunta"."tipo_respuesta" in ('escala','si_no','texto'))
);
--> statement-breakpoint
ALTER TABLE "aplicacion_test" ADD CONSTRAINT "aplicacion_test_id_test_test_id_test_fk" FOREIGN KEY ("id_test") REFERENCES "public"."test"("id_test") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicacion_test" ADD CONSTRAINT "aplicacion_test_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicacion_test" ADD CONSTRAINT "aplicacion_test_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota" ADD CONSTRAINT "nota_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota" ADD CONSTRAINT "nota_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota" ADD CONSTRAINT "nota_id_aplicacion_aplicacion_test_id_aplicacion_fk" FOREIGN KEY ("id_aplicacion") REFERENCES "public"."aplicacion_test"("id_aplicacion") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuesta_test" ADD CONSTRAINT "respuesta_test_id_aplicacion_aplicacion_test_id_aplicacion_fk" FOREIGN KEY ("id_aplicacion") REFERENCES "public"."aplicacion_test"("id_aplicacion") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuesta_test" ADD CONSTRAINT "respuesta_test_id_pregunta_test_pregunta_id_pregunta_fk" FOREIGN KEY ("id_pregunta") REFERENCES "public"."test_pregunta"("id_pregunta") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_banda" ADD CONSTRAINT "test_banda_id_test_test_id_test_fk" FOREIGN KEY ("id_test") REFERENCES "public"."test"("id_test") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_pregunta" ADD CONSTRAINT "test_pregunta_id_test_test_id_test_fk" FOREIGN KEY ("id_test") REFERENCES "public"."test"("id_test") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aplicacion_test_paciente_idx" ON "aplicacion_test" USING btree ("id_paciente","fecha" DESC NULLS LAST,"id_aplicacion" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nota_paciente_idx" ON "nota" USING btree ("id_paciente","fecha_creacion" DESC NULLS LAST,"id_nota" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nota_aplicacion_idx" ON "nota" USING btree ("id_aplicacion");--> statement-breakpoint
CREATE UNIQUE INDEX "respuesta_test_aplicacion_pregunta_uq" ON "respuesta_test" USING btree ("id_aplicacion","id_pregunta");--> statement-breakpoint
CREATE INDEX "test_banda_test_idx" ON "test_banda" USING btree ("id_test","minimo");--> statement-breakpoint
CREATE UNIQUE INDEX "test_pregunta_orden_uq" ON "test_pregunta" USING btree ("id_test","orden");--> statement-breakpoint
ANALYZE "test";--> statement-breakpoint
ANALYZE "test_pregunta";--> statement-breakpoint
ANALYZE "test_banda";--> statement-breakpoint
ANALYZE "aplicacion_test";--> statement-breakpoint
ANALYZE "respuesta_test";--> statement-breakpoint
ANALYZE "nota";
