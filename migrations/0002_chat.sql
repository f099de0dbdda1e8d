CREATE TABLE "chat" (
	"id_chat" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"id_psicologo" integer,
	"id_paciente" integer,
	"id_admin" integer,
	"ultimo_seq" integer DEFAULT 0 NOT NULL,
	"rev" integer DEFAULT 0 NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_tipo_ck" CHECK ("chat"."tipo" in ('paciente','admin')),
	CONSTRAINT "chat_participantes_ck" CHECK (("chat"."tipo" = 'paciente' and "chat"."id_psicologo" is not null and "chat"."id_paciente" is not null and "chat"."id_admin" is null)
        or ("chat"."tipo" = 'admin' and "chat"."id_admin" is not null and ("chat"."id_psicologo" is null) <> ("chat"."id_paciente" is null)
            and "chat"."id_admin" is distinct from "chat"."id_psicologo"))
);
--> statement-breakpoint
CREATE TABLE "mensaje" (
	"id_mensaje" bigserial PRIMARY KEY NOT NULL,
	"id_chat" integer NOT NULL,
	"seq" integer NOT NULL,
	"remitente" text NOT NULL,
	"contenido" text NOT NULL,
	"id_cliente" text,
	"leido" boolean DEFAULT false NOT NULL,
	"leido_en" timestamp with time zone,
	"fecha_envio" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensaje_remitente_ck" CHECK ("mensaje"."remitente" in ('psicologo','paciente','admin')),
	CONSTRAINT "mensaje_contenido_ck" CHECK (char_length("mensaje"."contenido") between 1 and 1000),
	CONSTRAINT "mensaje_id_cliente_ck" CHECK ("mensaje"."id_cliente" is null or char_length("mensaje"."id_cliente") <= 64)
);
--> statement-breakpoint
ALTER TABLE "chat" ADD CONSTRAINT "chat_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat" ADD CONSTRAINT "chat_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat" ADD CONSTRAINT "chat_id_admin_psicologo_id_psicologo_fk" FOREIGN KEY ("id_admin") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensaje" ADD CONSTRAINT "mensaje_id_chat_chat_id_chat_fk" FOREIGN KEY ("id_chat") REFERENCES "public"."chat"("id_chat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_psicologo_paciente_uq" ON "chat" USING btree ("id_psicologo","id_paciente") WHERE "chat"."tipo" = 'paciente';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_admin_psicologo_uq" ON "chat" USING btree ("id_admin","id_psicologo") WHERE "chat"."tipo" = 'admin' and "chat"."id_psicologo" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_admin_paciente_uq" ON "chat" USING btree ("id_admin","id_paciente") WHERE "chat"."tipo" = 'admin' and "chat"."id_paciente" is not null;--> statement-breakpoint
CREATE INDEX "chat_psicologo_idx" ON "chat" USING btree ("id_psicologo");--> statement-breakpoint
CREATE INDEX "chat_paciente_idx" ON "chat" USING btree ("id_paciente");--> statement-breakpoint
CREATE INDEX "chat_admin_idx" ON "chat" USING btree ("id_admin");--> statement-breakpoint
CREATE UNIQUE INDEX "mensaje_chat_seq_uq" ON "mensaje" USING btree ("id_chat","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "mensaje_chat_cliente_uq" ON "mensaje" USING btree ("id_chat","id_cliente");--> statement-breakpoint
CREATE INDEX "mensaje_no_leidos_idx" ON "mensaje" USING btree ("id_chat","remitente") WHERE not "mensaje"."leido";