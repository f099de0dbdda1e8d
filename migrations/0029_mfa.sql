-- Issue 56 (decision 370): the authenticator-app factor (secret encrypted under ENCRYPTION_KEY) and
-- the single-use recovery codes (argon2id hashes) of every kind of account.
CREATE TABLE "codigo_recuperacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"hash" text NOT NULL,
	"creado_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	CONSTRAINT "codigo_recuperacion_cuenta_tipo_ck" CHECK ("codigo_recuperacion"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE TABLE "factor_totp" (
	"id" serial PRIMARY KEY NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"secreto" text NOT NULL,
	"iniciado_en" timestamp with time zone NOT NULL,
	"confirmado_en" timestamp with time zone,
	"ultimo_paso" bigint,
	CONSTRAINT "factor_totp_cuenta_tipo_ck" CHECK ("factor_totp"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
CREATE INDEX "codigo_recuperacion_cuenta_idx" ON "codigo_recuperacion" USING btree ("cuenta_tipo","cuenta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "factor_totp_cuenta_idx" ON "factor_totp" USING btree ("cuenta_tipo","cuenta_id");--> statement-breakpoint
ANALYZE "codigo_recuperacion";--> statement-breakpoint
ANALYZE "factor_totp";
