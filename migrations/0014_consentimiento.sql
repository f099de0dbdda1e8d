CREATE TABLE "aceptacion_consentimiento" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_paciente" integer NOT NULL,
	"tipo" text NOT NULL,
	"version" integer NOT NULL,
	"aceptado_en" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "documento_consentimiento" (
	"tipo" text NOT NULL,
	"version" integer NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"vigente_desde" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documento_consentimiento_tipo_version_pk" PRIMARY KEY("tipo","version"),
	CONSTRAINT "documento_consentimiento_tipo_ck" CHECK ("documento_consentimiento"."tipo" in ('aviso_privacidad','consentimiento_informado'))
);
--> statement-breakpoint
ALTER TABLE "token_un_uso" DROP CONSTRAINT "token_proposito_ck";--> statement-breakpoint
ALTER TABLE "token_un_uso" ADD COLUMN "dato" text;--> statement-breakpoint
ALTER TABLE "aceptacion_consentimiento" ADD CONSTRAINT "aceptacion_consentimiento_id_paciente_paciente_id_paciente_fk" FOREIGN KEY ("id_paciente") REFERENCES "public"."paciente"("id_paciente") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aceptacion_consentimiento_paciente_idx" ON "aceptacion_consentimiento" USING btree ("id_paciente","tipo","version");--> statement-breakpoint
ALTER TABLE "token_un_uso" ADD CONSTRAINT "token_proposito_ck" CHECK ("token_un_uso"."proposito" in ('activacion','restablecer','cambio_correo'));;--> statement-breakpoint
INSERT INTO "documento_consentimiento" ("tipo", "version", "titulo", "texto") VALUES
('aviso_privacidad', 1, 'Aviso de privacidad', 'MiDuelo trata tus datos personales, incluidos datos sensibles sobre tu salud emocional, con el único fin de brindarte acompañamiento psicológico en tu proceso de duelo: identificarte, vincularte con tu psicólogo, agendar citas, registrar tu expediente clínico y comunicarte con tu psicólogo. Tus datos de salud solo los consulta el psicólogo que te acompaña; el personal administrativo ve únicamente tus datos de contacto y el estado de tu cuenta. No vendemos ni compartimos tus datos con terceros, salvo obligación legal. Puedes ejercer tus derechos de acceso, rectificación, cancelación y oposición (ARCO) y revocar tu consentimiento escribiendo a privacidad@miduelo.mx. Al aceptar, otorgas tu consentimiento expreso para el tratamiento de tus datos personales sensibles conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.'),
('consentimiento_informado', 1, 'Carta de consentimiento informado', 'Acepto recibir acompañamiento psicológico en mi proceso de duelo a través de MiDuelo. Entiendo que mi psicólogo registrará notas, evaluaciones y actividades en un expediente clínico confidencial; que el acompañamiento a distancia no sustituye la atención de urgencia y que, ante una crisis o riesgo para mi vida, debo acudir a los servicios de emergencia (911) o a la Línea de la Vida (800 911 2000); que puedo dejar el acompañamiento en cualquier momento; y que mi psicólogo guardará secreto profesional con las excepciones que marca la ley cuando exista riesgo grave para mí o para otras personas.');--> statement-breakpoint
ANALYZE "documento_consentimiento";--> statement-breakpoint
ANALYZE "aceptacion_consentimiento";--> statement-breakpoint
ANALYZE "token_un_uso";
