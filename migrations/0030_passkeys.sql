-- Issue 56 (decision 374): passkeys (WebAuthn credentials) of every kind of account, and the
-- challenges the server handed out for them (single use, a few minutes, shared by every node).
CREATE TABLE "llave_acceso" (
	"id" serial PRIMARY KEY NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"credencial_id" text NOT NULL,
	"llave_publica" text NOT NULL,
	"contador" bigint DEFAULT 0 NOT NULL,
	"transportes" text[] DEFAULT '{}' NOT NULL,
	"nombre" text NOT NULL,
	"respaldada" boolean DEFAULT false NOT NULL,
	"creada_en" timestamp with time zone NOT NULL,
	"usada_en" timestamp with time zone,
	CONSTRAINT "llave_acceso_cuenta_tipo_ck" CHECK ("llave_acceso"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE TABLE "reto_webauthn" (
	"reto" text PRIMARY KEY NOT NULL,
	"proposito" text NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer,
	"expira_en" timestamp with time zone NOT NULL,
	CONSTRAINT "reto_webauthn_proposito_ck" CHECK ("reto_webauthn"."proposito" in ('registro','entrar','segundo-paso')),
	CONSTRAINT "reto_webauthn_cuenta_tipo_ck" CHECK ("reto_webauthn"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "llave_acceso_credencial_idx" ON "llave_acceso" USING btree ("credencial_id");--> statement-breakpoint
CREATE INDEX "llave_acceso_cuenta_idx" ON "llave_acceso" USING btree ("cuenta_tipo","cuenta_id");--> statement-breakpoint
CREATE INDEX "reto_webauthn_expira_idx" ON "reto_webauthn" USING btree ("expira_en");--> statement-breakpoint
ANALYZE "llave_acceso";--> statement-breakpoint
ANALYZE "reto_webauthn";
