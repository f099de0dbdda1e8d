CREATE TABLE "paciente" (
	"id_paciente" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido_paterno" text NOT NULL,
	"apellido_materno" text,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"fecha_nacimiento" date NOT NULL,
	"id_psicologo" integer,
	"contrasena_hash" text,
	"status" text DEFAULT 'activo' NOT NULL,
	"activado_en" timestamp with time zone,
	"version_sesion" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paciente_email_unique" UNIQUE("email"),
	CONSTRAINT "paciente_status_ck" CHECK ("paciente"."status" in ('activo','inactivo'))
);
--> statement-breakpoint
CREATE TABLE "psicologo" (
	"id_psicologo" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido_paterno" text NOT NULL,
	"apellido_materno" text,
	"fecha_nacimiento" date NOT NULL,
	"especialidad" text NOT NULL,
	"cedula" text NOT NULL,
	"telefono" text NOT NULL,
	"correo" text NOT NULL,
	"contrasena_hash" text NOT NULL,
	"codigo_vinculacion" text NOT NULL,
	"status" text DEFAULT 'activo' NOT NULL,
	"cedula_validada" boolean DEFAULT false NOT NULL,
	"rol_admin" boolean DEFAULT false NOT NULL,
	"direccion_consultorio" text,
	"activado_en" timestamp with time zone,
	"version_sesion" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psicologo_cedula_unique" UNIQUE("cedula"),
	CONSTRAINT "psicologo_correo_unique" UNIQUE("correo"),
	CONSTRAINT "psicologo_codigo_vinculacion_unique" UNIQUE("codigo_vinculacion"),
	CONSTRAINT "psicologo_status_ck" CHECK ("psicologo"."status" in ('activo','inactivo'))
);
--> statement-breakpoint
CREATE TABLE "token_revocado" (
	"jti" text PRIMARY KEY NOT NULL,
	"expira_en" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_un_uso" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposito" text NOT NULL,
	"cuenta_tipo" text NOT NULL,
	"cuenta_id" integer NOT NULL,
	"hash" text NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"usado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_un_uso_hash_unique" UNIQUE("hash"),
	CONSTRAINT "token_proposito_ck" CHECK ("token_un_uso"."proposito" in ('activacion','restablecer')),
	CONSTRAINT "token_cuenta_tipo_ck" CHECK ("token_un_uso"."cuenta_tipo" in ('psicologo','paciente'))
);
--> statement-breakpoint
ALTER TABLE "paciente" ADD CONSTRAINT "paciente_id_psicologo_psicologo_id_psicologo_fk" FOREIGN KEY ("id_psicologo") REFERENCES "public"."psicologo"("id_psicologo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paciente_psicologo_idx" ON "paciente" USING btree ("id_psicologo");--> statement-breakpoint
CREATE INDEX "token_un_uso_cuenta_idx" ON "token_un_uso" USING btree ("cuenta_tipo","cuenta_id");