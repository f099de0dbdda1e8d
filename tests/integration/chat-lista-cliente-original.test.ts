// The psychologist's chat list as the original web client shows it (decision 392): its chat screen
// names every conversation from `paciente` ("Paciente" when absent) and shows `paciente.email`
// under it, and hides from "Nuevo chat" the patients whose id is some conversation's `id_paciente`.
// The administration's conversation must read as the administration there, and our own client,
// which tells the two kinds apart by `tipo`, must keep showing what it showed.
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type Chat, ChatsSchema, nombreCompleto } from '@miduelo/shared/chat-respuestas';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, cliente, type Consulta, crearConsulta } from '../helpers/chat';
import { crearPsicologo, type Psicologo, sesionPsicologo } from '../helpers/fabricas';

/** The original client's `getNombreCompleto` (psicologo/chat/chat.component.ts), as it is. */
function nombreEnClienteOriginal(chat: {
  paciente?: { nombre: string; apellido_paterno: string; apellido_materno: string | null } | null;
}) {
  if (!chat.paciente) return 'Paciente';
  return `${chat.paciente.nombre} ${chat.paciente.apellido_paterno} ${chat.paciente.apellido_materno || ''}`.trim();
}

let t: AppDePrueba;
let c: Consulta;
let admin: Psicologo;
let idConPaciente: number;
let idConAdministracion: number;
let lista: Chat[];

beforeAll(async () => {
  t = await crearAppDePrueba();
  admin = await crearPsicologo(t.db, { rol_admin: true, nombre: 'Andrea' });
  c = await crearConsulta(t, 2);
  idConPaciente = await abrirChat(c, 0);
  const api = cliente(t, sesionPsicologo(t.app, admin));
  const r = await api.post('/api/admin/chats', { destinatario_tipo: 'psicologo', destinatario_id: c.psicologo.id_psicologo });
  expect(r.status).toBe(201);
  idConAdministracion = r.body.id_chat_admin;
  expect(
    (await api.post('/api/admin/mensajes', { id_chat_admin: idConAdministracion, contenido: 'Tu cédula ya está validada' })).status,
  ).toBe(201);
  const l = await c.psi.get('/api/psicologo/chats');
  expect(l.status).toBe(200);
  lista = l.body;
});
afterAll(() => t.cerrar());

const deAdministracion = () => lista.find((x) => x.id_chat === idConAdministracion)!;
const dePaciente = () => lista.find((x) => x.id_chat === idConPaciente)!;

describe('GET /api/psicologo/chats en el cliente web original', () => {
  it('la conversación de la administración se llama "Administración de MiDuelo", no "Paciente"', () => {
    expect(lista.map((x) => x.id_chat).sort()).toEqual([idConPaciente, idConAdministracion].sort());
    expect(nombreEnClienteOriginal(deAdministracion())).toBe('Administración de MiDuelo');
    expect(nombreEnClienteOriginal(deAdministracion())).toBe(TEXTOS_CHAT.administracionDeMiDuelo);
    const p = c.pacientes[0];
    expect(nombreEnClienteOriginal(dePaciente())).toBe(`${p.nombre} ${p.apellido_paterno} ${p.apellido_materno ?? ''}`.trim());
  });

  it('bajo el nombre no aparece ninguna dirección: ni la del administrador ni otra', () => {
    expect(deAdministracion().paciente?.email).toBe('');
    expect(JSON.stringify(lista)).not.toContain(admin.correo);
    expect(dePaciente().paciente?.email).toBe(c.pacientes[0].email);
  });

  it('"Nuevo chat" sigue ofreciendo a los pacientes sin conversación: la de la administración no lleva id_paciente', () => {
    const conChat = lista.map((x) => x.id_paciente);
    const ofrecidos = c.pacientes.filter((p) => !conChat.includes(p.id_paciente || 0)).map((p) => p.id_paciente);
    expect(ofrecidos).toEqual([c.pacientes[1].id_paciente]);
  });

  it('la vista previa y el contador que lee siguen ahí', () => {
    expect(deAdministracion()).toMatchObject({
      ultimo_mensaje: { remitente: 'admin', contenido: 'Tu cédula ya está validada', fecha_envio: expect.any(String) },
      mensajes_no_leidos: 1,
    });
  });
});

describe('la misma lista en nuestro cliente web', () => {
  it('cumple el esquema de respuesta compartido', () => {
    expect(v.safeParse(ChatsSchema, lista).success).toBe(true);
  });

  it('conserva lo que lee para nombrarla: tipo "admin" y el administrador (features/chat/presentacion.ts)', () => {
    expect(deAdministracion()).toMatchObject({
      tipo: 'admin',
      id_paciente: null,
      administrador: { nombre: 'Andrea', apellido_paterno: admin.apellidoPaterno, apellido_materno: admin.apellidoMaterno },
    });
    expect(nombreCompleto(deAdministracion().administrador)).toContain('Andrea');
    expect(dePaciente()).toMatchObject({ tipo: 'paciente', id_paciente: c.pacientes[0].id_paciente, administrador: null });
    expect(nombreCompleto(dePaciente().paciente)).toBe(nombreCompleto(c.pacientes[0]));
  });

  it('la búsqueda (/chats/buscar) devuelve la conversación de la administración con los mismos campos', async () => {
    const r = await c.psi.get(`/api/psicologo/chats/buscar?q=${encodeURIComponent('cédula')}`);
    expect(r.status).toBe(200);
    expect((r.body as Chat[]).map((x) => [x.id_chat, nombreEnClienteOriginal(x)])).toEqual([
      [idConAdministracion, 'Administración de MiDuelo'],
    ]);
  });
});
