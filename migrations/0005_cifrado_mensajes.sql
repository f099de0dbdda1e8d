ALTER TABLE "mensaje" DROP CONSTRAINT "mensaje_contenido_ck";--> statement-breakpoint
DROP INDEX "mensaje_chat_cliente_uq";--> statement-breakpoint
ALTER TABLE "mensaje" ADD COLUMN "huellas" text[];--> statement-breakpoint
CREATE UNIQUE INDEX "mensaje_chat_remitente_cliente_uq" ON "mensaje" USING btree ("id_chat","remitente","id_cliente");--> statement-breakpoint
ALTER TABLE "mensaje" ADD CONSTRAINT "mensaje_contenido_ck" CHECK (char_length("mensaje"."contenido") between 1 and 6000);