-- Decision 338: a patient's chat message with crisis language carries a plain mark beside its
-- encrypted text, judged by the server when it is stored, so that the psychologist's alert and the
-- administrators' timer (issue 55) find the unread ones without opening any text.
ALTER TABLE "mensaje" ADD COLUMN "crisis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mensaje_crisis_sin_abrir_idx" ON "mensaje" USING btree ("id_chat","fecha_envio") WHERE "mensaje"."crisis" and not "mensaje"."leido";--> statement-breakpoint
-- chat_enviar (0008) stores the mark and answers it; the new parameter defaults to false, and the
-- answer gains one column, so the function is replaced whole (its result type changes).
DROP FUNCTION chat_enviar(integer, text, integer, text, text, timestamptz, text[]);--> statement-breakpoint
CREATE FUNCTION chat_enviar(
  p_id_chat integer,
  p_rol text,
  p_id integer,
  p_contenido text,
  p_id_cliente text,
  p_fecha timestamptz,
  p_huellas text[],
  p_crisis boolean DEFAULT false
) RETURNS TABLE (
  estado text,
  id_mensaje bigint,
  seq integer,
  remitente text,
  contenido text,
  id_cliente text,
  leido boolean,
  fecha_envio timestamptz,
  tipo text,
  id_psicologo integer,
  id_paciente integer,
  id_admin integer,
  rev integer,
  no_leidos integer,
  crisis boolean
) LANGUAGE plpgsql SET enable_seqscan = off AS $$
#variable_conflict use_column
DECLARE
  c chat%ROWTYPE;
  m mensaje%ROWTYPE;
  acceso boolean;
BEGIN
  UPDATE chat
     SET ultimo_seq = chat.ultimo_seq + 1,
         rev = chat.rev + 1,
         no_leidos_de_psicologo = chat.no_leidos_de_psicologo + (p_rol = 'psicologo')::integer,
         no_leidos_de_paciente = chat.no_leidos_de_paciente + (p_rol = 'paciente')::integer,
         no_leidos_de_admin = chat.no_leidos_de_admin + (p_rol = 'admin')::integer
   WHERE chat.id_chat = p_id_chat
     AND CASE p_rol
           WHEN 'psicologo' THEN chat.id_psicologo = p_id
           WHEN 'paciente' THEN chat.id_paciente = p_id
           WHEN 'admin' THEN chat.tipo = 'admin' AND chat.id_admin = p_id
           ELSE false
         END
     AND (chat.tipo <> 'paciente' OR EXISTS (
           SELECT 1 FROM paciente p WHERE p.id_paciente = chat.id_paciente AND p.id_psicologo = chat.id_psicologo))
  RETURNING * INTO c;
  IF NOT FOUND THEN
    -- Rare path: tell an outsider (or a missing chat) from a reassigned patient's read-only chat,
    -- where a retried client id still gets its stored message.
    SELECT true INTO acceso FROM chat
     WHERE chat.id_chat = p_id_chat
       AND CASE p_rol
             WHEN 'psicologo' THEN chat.id_psicologo = p_id
             WHEN 'paciente' THEN chat.id_paciente = p_id
             WHEN 'admin' THEN chat.tipo = 'admin' AND chat.id_admin = p_id
             ELSE false
           END;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'no_encontrado'::text, NULL::bigint, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean,
        NULL::timestamptz, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::boolean;
      RETURN;
    END IF;
    IF p_id_cliente IS NOT NULL THEN
      SELECT * INTO m FROM mensaje WHERE mensaje.id_chat = p_id_chat AND mensaje.remitente = p_rol AND mensaje.id_cliente = p_id_cliente;
      IF FOUND THEN
        SELECT * INTO c FROM chat WHERE chat.id_chat = p_id_chat;
        RETURN QUERY SELECT 'repetido'::text, m.id_mensaje, m.seq, m.remitente, m.contenido, m.id_cliente, m.leido, m.fecha_envio,
          c.tipo, c.id_psicologo, c.id_paciente, c.id_admin, c.rev, NULL::integer, m.crisis;
        RETURN;
      END IF;
    END IF;
    RETURN QUERY SELECT 'solo_lectura'::text, NULL::bigint, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean,
      NULL::timestamptz, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::boolean;
    RETURN;
  END IF;
  INSERT INTO mensaje (id_chat, seq, remitente, contenido, huellas, id_cliente, fecha_envio, crisis)
       VALUES (p_id_chat, c.ultimo_seq, p_rol, p_contenido, p_huellas, p_id_cliente, p_fecha, coalesce(p_crisis, false))
  ON CONFLICT (id_chat, remitente, id_cliente) DO NOTHING
    RETURNING * INTO m;
  IF NOT FOUND THEN
    -- The client id is stored (the lock is held, so that message is committed): undo the bump.
    UPDATE chat
       SET ultimo_seq = chat.ultimo_seq - 1,
           rev = chat.rev - 1,
           no_leidos_de_psicologo = chat.no_leidos_de_psicologo - (p_rol = 'psicologo')::integer,
           no_leidos_de_paciente = chat.no_leidos_de_paciente - (p_rol = 'paciente')::integer,
           no_leidos_de_admin = chat.no_leidos_de_admin - (p_rol = 'admin')::integer
     WHERE chat.id_chat = p_id_chat
    RETURNING * INTO c;
    SELECT * INTO m FROM mensaje WHERE mensaje.id_chat = p_id_chat AND mensaje.remitente = p_rol AND mensaje.id_cliente = p_id_cliente;
    RETURN QUERY SELECT 'repetido'::text, m.id_mensaje, m.seq, m.remitente, m.contenido, m.id_cliente, m.leido, m.fecha_envio,
      c.tipo, c.id_psicologo, c.id_paciente, c.id_admin, c.rev, NULL::integer, m.crisis;
    RETURN;
  END IF;
  RETURN QUERY SELECT 'nuevo'::text, m.id_mensaje, m.seq, m.remitente, m.contenido, m.id_cliente, m.leido, m.fecha_envio,
    c.tipo, c.id_psicologo, c.id_paciente, c.id_admin, c.rev,
    CASE p_rol WHEN 'psicologo' THEN c.no_leidos_de_psicologo WHEN 'paciente' THEN c.no_leidos_de_paciente ELSE c.no_leidos_de_admin END,
    m.crisis;
END;
$$;
--> statement-breakpoint
ANALYZE "mensaje";
