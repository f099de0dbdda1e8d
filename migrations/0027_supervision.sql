-- Issue 55, decisions 365 and 366: supervision openings (break-glass access to a conversation's
-- content, 30 minutes, with motive and reason), the administrators' crisis alerts (one per unopened
-- crisis message: the unique message is the claim across nodes) and the 48-hour reminders' leased
-- claims (one per waiting stretch, named by its first patient message).
CREATE TABLE "alerta_crisis" (
	"id_alerta" serial PRIMARY KEY NOT NULL,
	"id_mensaje" bigint NOT NULL,
	"id_chat" integer NOT NULL,
	"id_psicologo" integer NOT NULL,
	"id_paciente" integer NOT NULL,
	"creada_en" timestamp with time zone NOT NULL,
	"reconocida_en" timestamp with time zone,
	"id_admin_reconoce" integer,
	"accion" text,
	CONSTRAINT "alerta_crisis_mensaje_uq" UNIQUE("id_mensaje"),
	CONSTRAINT "alerta_crisis_reconocida_ck" CHECK (("alerta_crisis"."reconocida_en" is null) = ("alerta_crisis"."accion" is null)),
	CONSTRAINT "alerta_crisis_accion_ck" CHECK ("alerta_crisis"."accion" is null or char_length("alerta_crisis"."accion") between 5 and 500)
);
--> statement-breakpoint
CREATE TABLE "apertura_supervision" (
	"id_apertura" serial PRIMARY KEY NOT NULL,
	"id_admin" integer NOT NULL,
	"id_chat" integer NOT NULL,
	"motivo" text NOT NULL,
	"razon" text NOT NULL,
	"abierta_en" timestamp with time zone NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	CONSTRAINT "apertura_supervision_motivo_ck" CHECK ("apertura_supervision"."motivo" in ('crisis','queja','revision_calidad','solicitud_psicologo')),
	CONSTRAINT "apertura_supervision_razon_ck" CHECK (char_length("apertura_supervision"."razon") between 20 and 500),
	CONSTRAINT "apertura_supervision_vence_ck" CHECK ("apertura_supervision"."vence_en" > "apertura_supervision"."abierta_en")
);
--> statement-breakpoint
CREATE TABLE "recordatorio_sin_respuesta" (
	"id_mensaje" bigint PRIMARY KEY NOT NULL,
	"id_chat" integer NOT NULL,
	"reclamado_en" timestamp with time zone,
	"enviado_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alerta_crisis" ADD CONSTRAINT "alerta_crisis_id_mensaje_mensaje_id_mensaje_fk" FOREIGN KEY ("id_mensaje") REFERENCES "public"."mensaje"("id_mensaje") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_crisis" ADD CONSTRAINT "alerta_crisis_id_chat_chat_id_chat_fk" FOREIGN KEY ("id_chat") REFERENCES "public"."chat"("id_chat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_crisis" ADD CONSTRAINT "alerta_crisis_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_crisis" ADD CONSTRAINT "alerta_crisis_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerta_crisis" ADD CONSTRAINT "alerta_crisis_id_admin_reconoce_psicologo_id_psicologo_fk" FOREIGN KEY ("id_admin_reconoce") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apertura_supervision" ADD CONSTRAINT "apertura_supervision_id_admin_psicologo_id_psicologo_fk" FOREIGN KEY ("id_admin") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apertura_supervision" ADD CONSTRAINT "apertura_supervision_id_chat_chat_id_chat_fk" FOREIGN KEY ("id_chat") REFERENCES "public"."chat"("id_chat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorio_sin_respuesta" ADD CONSTRAINT "recordatorio_sin_respuesta_id_mensaje_mensaje_id_mensaje_fk" FOREIGN KEY ("id_mensaje") REFERENCES "public"."mensaje"("id_mensaje") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordatorio_sin_respuesta" ADD CONSTRAINT "recordatorio_sin_respuesta_id_chat_chat_id_chat_fk" FOREIGN KEY ("id_chat") REFERENCES "public"."chat"("id_chat") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerta_crisis_abiertas_idx" ON "alerta_crisis" USING btree ("creada_en") WHERE "alerta_crisis"."reconocida_en" is null;--> statement-breakpoint
CREATE INDEX "alerta_crisis_chat_idx" ON "alerta_crisis" USING btree ("id_chat");--> statement-breakpoint
CREATE INDEX "apertura_supervision_chat_admin_idx" ON "apertura_supervision" USING btree ("id_chat","id_admin","vence_en");--> statement-breakpoint
CREATE INDEX "recordatorio_sin_respuesta_chat_idx" ON "recordatorio_sin_respuesta" USING btree ("id_chat");--> statement-breakpoint
ANALYZE "alerta_crisis";--> statement-breakpoint
ANALYZE "apertura_supervision";--> statement-breakpoint
ANALYZE "recordatorio_sin_respuesta";
