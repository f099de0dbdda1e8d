CREATE TABLE "foro" (
	"id_foro" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text,
	"publico" boolean DEFAULT true NOT NULL,
	"id_creador" integer,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actualizacion" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foro_titulo_ck" CHECK (char_length("foro"."titulo") between 3 and 255),
	CONSTRAINT "foro_descripcion_ck" CHECK ("foro"."descripcion" is null or char_length("foro"."descripcion") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "foro_bloqueo" (
	"id_foro" integer NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foro_bloqueo_id_foro_cuenta_tipo_cuenta_id_pk" PRIMARY KEY("id_foro","cuenta_tipo","cuenta_id"),
	CONSTRAINT "foro_bloqueo_tipo_ck" CHECK ("foro_bloqueo"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE TABLE "foro_invitacion" (
	"id_invitacion" serial PRIMARY KEY NOT NULL,
	"id_foro" integer NOT NULL,
	"id_invitador" integer,
	"id_invitado" integer NOT NULL,
	"mensaje" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"fecha_invitacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_respuesta" timestamp with time zone,
	CONSTRAINT "foro_invitacion_estado_ck" CHECK ("foro_invitacion"."estado" in ('pendiente','aceptada','rechazada')),
	CONSTRAINT "foro_invitacion_mensaje_ck" CHECK ("foro_invitacion"."mensaje" is null or char_length("foro_invitacion"."mensaje") <= 500)
);
--> statement-breakpoint
CREATE TABLE "foro_lectura" (
	"id_tema" integer NOT NULL,
	"id_participante" integer NOT NULL,
	"hasta_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "foro_lectura_id_tema_id_participante_pk" PRIMARY KEY("id_tema","id_participante")
);
--> statement-breakpoint
CREATE TABLE "foro_mensaje" (
	"id_mensaje" bigserial PRIMARY KEY NOT NULL,
	"id_tema" integer NOT NULL,
	"seq" integer NOT NULL,
	"autor_tipo" text NOT NULL,
	"autor_id" integer NOT NULL,
	"contenido" text NOT NULL,
	"id_cliente" text,
	"crisis" boolean DEFAULT false NOT NULL,
	"oculto" boolean DEFAULT false NOT NULL,
	"oculto_por" integer,
	"oculto_en" timestamp with time zone,
	"fecha_envio" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foro_mensaje_autor_ck" CHECK ("foro_mensaje"."autor_tipo" in ('psicologo','paciente')),
	CONSTRAINT "foro_mensaje_contenido_ck" CHECK (char_length("foro_mensaje"."contenido") between 1 and 12000),
	CONSTRAINT "foro_mensaje_id_cliente_ck" CHECK ("foro_mensaje"."id_cliente" is null or char_length("foro_mensaje"."id_cliente") <= 64)
);
--> statement-breakpoint
CREATE TABLE "foro_participante" (
	"id_participante" serial PRIMARY KEY NOT NULL,
	"id_foro" integer NOT NULL,
	"id_psicologo" integer,
	"id_paciente" integer,
	"rol" text DEFAULT 'miembro' NOT NULL,
	"fecha_union" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foro_participante_rol_ck" CHECK ("foro_participante"."rol" in ('miembro','moderador','admin')),
	CONSTRAINT "foro_participante_cuenta_ck" CHECK (("foro_participante"."id_psicologo" is null) <> ("foro_participante"."id_paciente" is null)),
	CONSTRAINT "foro_participante_paciente_ck" CHECK ("foro_participante"."id_paciente" is null or "foro_participante"."rol" = 'miembro')
);
--> statement-breakpoint
CREATE TABLE "foro_reporte" (
	"id_reporte" serial PRIMARY KEY NOT NULL,
	"id_mensaje" bigint NOT NULL,
	"id_participante" integer NOT NULL,
	"motivo" text,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foro_reporte_motivo_ck" CHECK ("foro_reporte"."motivo" is null or char_length("foro_reporte"."motivo") <= 500)
);
--> statement-breakpoint
CREATE TABLE "foro_tema" (
	"id_tema" serial PRIMARY KEY NOT NULL,
	"id_foro" integer NOT NULL,
	"titulo" text NOT NULL,
	"autor_tipo" text NOT NULL,
	"autor_id" integer NOT NULL,
	"ultimo_seq" integer DEFAULT 0 NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL,
	"fecha_actividad" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "foro_tema_titulo_ck" CHECK (char_length("foro_tema"."titulo") between 3 and 255),
	CONSTRAINT "foro_tema_autor_ck" CHECK ("foro_tema"."autor_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
ALTER TABLE "foro" ADD CONSTRAINT "foro_id_creador_psicologo_id_psicologo_fk" FOREIGN KEY ("id_creador") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_bloqueo" ADD CONSTRAINT "foro_bloqueo_id_foro_foro_id_foro_fk" FOREIGN KEY ("id_foro") REFERENCES "public"."foro"("id_foro") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_invitacion" ADD CONSTRAINT "foro_invitacion_id_foro_foro_id_foro_fk" FOREIGN KEY ("id_foro") REFERENCES "public"."foro"("id_foro") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_invitacion" ADD CONSTRAINT "foro_invitacion_id_invitador_psicologo_id_psicologo_fk" FOREIGN KEY ("id_invitador") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_invitacion" ADD CONSTRAINT "foro_invitacion_id_invitado_psicologo_id_psicologo_fk" FOREIGN KEY ("id_invitado") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_lectura" ADD CONSTRAINT "foro_lectura_id_tema_foro_tema_id_tema_fk" FOREIGN KEY ("id_tema") REFERENCES "public"."foro_tema"("id_tema") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_lectura" ADD CONSTRAINT "foro_lectura_id_participante_foro_participante_id_participante_fk" FOREIGN KEY ("id_participante") REFERENCES "public"."foro_participante"("id_participante") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_mensaje" ADD CONSTRAINT "foro_mensaje_id_tema_foro_tema_id_tema_fk" FOREIGN KEY ("id_tema") REFERENCES "public"."foro_tema"("id_tema") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_participante" ADD CONSTRAINT "foro_participante_id_foro_foro_id_foro_fk" FOREIGN KEY ("id_foro") REFERENCES "public"."foro"("id_foro") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_participante" ADD CONSTRAINT "foro_participante_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_participante" ADD CONSTRAINT "foro_participante_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_reporte" ADD CONSTRAINT "foro_reporte_id_mensaje_foro_mensaje_id_mensaje_fk" FOREIGN KEY ("id_mensaje") REFERENCES "public"."foro_mensaje"("id_mensaje") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_reporte" ADD CONSTRAINT "foro_reporte_id_participante_foro_participante_id_participante_fk" FOREIGN KEY ("id_participante") REFERENCES "public"."foro_participante"("id_participante") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "foro_tema" ADD CONSTRAINT "foro_tema_id_foro_foro_id_foro_fk" FOREIGN KEY ("id_foro") REFERENCES "public"."foro"("id_foro") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "foro_fecha_idx" ON "foro" USING btree ("fecha_creacion");--> statement-breakpoint
CREATE UNIQUE INDEX "foro_invitacion_pendiente_uq" ON "foro_invitacion" USING btree ("id_foro","id_invitado") WHERE "foro_invitacion"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "foro_invitacion_invitado_idx" ON "foro_invitacion" USING btree ("id_invitado","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "foro_mensaje_tema_seq_uq" ON "foro_mensaje" USING btree ("id_tema","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "foro_mensaje_cliente_uq" ON "foro_mensaje" USING btree ("id_tema","autor_tipo","autor_id","id_cliente");--> statement-breakpoint
CREATE UNIQUE INDEX "foro_participante_psicologo_uq" ON "foro_participante" USING btree ("id_foro","id_psicologo") WHERE "foro_participante"."id_psicologo" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "foro_participante_paciente_uq" ON "foro_participante" USING btree ("id_foro","id_paciente") WHERE "foro_participante"."id_paciente" is not null;--> statement-breakpoint
CREATE INDEX "foro_participante_psicologo_idx" ON "foro_participante" USING btree ("id_psicologo");--> statement-breakpoint
CREATE INDEX "foro_participante_paciente_idx" ON "foro_participante" USING btree ("id_paciente");--> statement-breakpoint
CREATE UNIQUE INDEX "foro_reporte_uq" ON "foro_reporte" USING btree ("id_mensaje","id_participante");--> statement-breakpoint
CREATE INDEX "foro_tema_foro_idx" ON "foro_tema" USING btree ("id_foro","fecha_actividad");--> statement-breakpoint
ANALYZE "foro";--> statement-breakpoint
ANALYZE "foro_participante";--> statement-breakpoint
ANALYZE "foro_tema";--> statement-breakpoint
ANALYZE "foro_mensaje";--> statement-breakpoint
ANALYZE "foro_lectura";--> statement-breakpoint
ANALYZE "foro_invitacion";--> statement-breakpoint
ANALYZE "foro_reporte";--> statement-breakpoint
ANALYZE "foro_bloqueo";
