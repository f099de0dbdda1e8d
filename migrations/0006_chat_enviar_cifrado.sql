-- chat_enviar (0003) for encrypted messages (docs/decisions/070): the text arrives encrypted by the
-- server with its search hashes (p_huellas), and a client id is unique per sender, so a patient who
-- happens to reuse the psychologist's client id gets his own message stored, not hers returned.
DROP FUNCTION IF EXISTS chat_enviar(integer, text, integer, text, text, timestamptz);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chat_enviar(
  p_id_chat integer,
  p_rol text,
  p_id integer,
  p_contenido text,
  p_id_cliente text,
  p_fecha timestamptz,
  p_huellas text[]
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
  no_leidos integer
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  c chat%ROWTYPE;
  m mensaje%ROWTYPE;
  n integer;
BEGIN
  SELECT * INTO c FROM chat
   WHERE chat.id_chat = p_id_chat
     AND CASE p_rol
           WHEN 'psicologo' THEN chat.id_psicologo = p_id
           WHEN 'paciente' THEN chat.id_paciente = p_id
           WHEN 'admin' THEN chat.tipo = 'admin' AND chat.id_admin = p_id
           ELSE false
         END
   FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_encontrado'::text, NULL::bigint, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean,
      NULL::timestamptz, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  -- The lock is held: a message committed by a concurrent retry is visible to this statement.
  IF p_id_cliente IS NOT NULL THEN
    SELECT * INTO m FROM mensaje WHERE mensaje.id_chat = p_id_chat AND mensaje.remitente = p_rol AND mensaje.id_cliente = p_id_cliente;
    IF FOUND THEN
      RETURN QUERY SELECT 'repetido'::text, m.id_mensaje, m.seq, m.remitente, m.contenido, m.id_cliente, m.leido, m.fecha_envio,
        c.tipo, c.id_psicologo, c.id_paciente, c.id_admin, c.rev, NULL::integer;
      RETURN;
    END IF;
  END IF;
  IF c.tipo = 'paciente' AND NOT EXISTS (
    SELECT 1 FROM paciente p WHERE p.id_paciente = c.id_paciente AND p.id_psicologo = c.id_psicologo
  ) THEN
    RETURN QUERY SELECT 'solo_lectura'::text, NULL::bigint, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::boolean,
      NULL::timestamptz, NULL::text, NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  UPDATE chat SET ultimo_seq = chat.ultimo_seq + 1, rev = chat.rev + 1 WHERE chat.id_chat = p_id_chat RETURNING * INTO c;
  INSERT INTO mensaje (id_chat, seq, remitente, contenido, huellas, id_cliente, fecha_envio)
       VALUES (p_id_chat, c.ultimo_seq, p_rol, p_contenido, p_huellas, p_id_cliente, p_fecha)
    RETURNING * INTO m;
  SELECT count(*)::integer INTO n FROM mensaje x WHERE x.id_chat = p_id_chat AND NOT x.leido AND x.remitente = p_rol;
  RETURN QUERY SELECT 'nuevo'::text, m.id_mensaje, m.seq, m.remitente, m.contenido, m.id_cliente, m.leido, m.fecha_envio,
    c.tipo, c.id_psicologo, c.id_paciente, c.id_admin, c.rev, n;
END;
$$;
