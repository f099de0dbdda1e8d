-- Issue 56 (decisions 380–381): the open sessions of every kind of account (one row per session
-- token, by its jti), and the devices each account has logged in from (a new one mails it).
CREATE TABLE "sesion_abierta" (
	"id" serial PRIMARY KEY NOT NULL,
	"jti" text NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"version" integer NOT NULL,
	"agente" text DEFAULT '' NOT NULL,
	"dispositivo" text NOT NULL,
	"navegador" text NOT NULL,
	"sistema" text NOT NULL,
	"ip" text,
	"lugar" text NOT NULL,
	"creada_en" timestamp with time zone NOT NULL,
	"ultimo_uso" timestamp with time zone NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	CONSTRAINT "sesion_abierta_cuenta_tipo_ck" CHECK ("sesion_abierta"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE TABLE "dispositivo_conocido" (
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"huella" text NOT NULL,
	"primera_vez" timestamp with time zone NOT NULL,
	"ultima_vez" timestamp with time zone NOT NULL,
	CONSTRAINT "dispositivo_conocido_pk" PRIMARY KEY("cuenta_tipo","cuenta_id","huella"),
	CONSTRAINT "dispositivo_conocido_cuenta_tipo_ck" CHECK ("dispositivo_conocido"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sesion_abierta_jti_idx" ON "sesion_abierta" USING btree ("jti");--> statement-breakpoint
CREATE INDEX "sesion_abierta_cuenta_idx" ON "sesion_abierta" USING btree ("cuenta_tipo","cuenta_id");--> statement-breakpoint
ANALYZE "sesion_abierta";--> statement-breakpoint
ANALYZE "dispositivo_conocido";
