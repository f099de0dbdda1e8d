ALTER TABLE "preferencia_push" ADD COLUMN "actividades" boolean DEFAULT true NOT NULL;
