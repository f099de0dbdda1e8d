// Responses are written by fast-json-stringify from the JSON Schema of the route's valibot schema
// (decision 083): only declared fields leave, nullable objects and unions keep working, and a
// schema that cannot be converted falls back to valibot's parse (which strips the same way).
import valibot from '@miduelo/server/plugins/valibot';
import Fastify from 'fastify';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const Persona = v.object({
  id: v.number(),
  nombre: v.string(),
  nota: v.nullable(v.object({ texto: v.string() })),
  etiquetas: v.array(v.object({ k: v.string() })),
});
const ConTransformacion = v.object({
  nombre: v.pipe(
    v.string(),
    v.transform((s) => s.toUpperCase()),
  ),
});
const Union = v.union([v.object({ a: v.string() }), v.object({ b: v.number() })]);

const app = Fastify({ logger: false });
beforeAll(async () => {
  await app.register(valibot);
  const fila = {
    id: 1,
    nombre: 'Ana',
    contrasena_hash: '$argon2id$secreto',
    nota: { texto: 'hola', token: 'secreto' },
    etiquetas: [{ k: 'x', oculto: 'secreto' }],
  };
  app.get('/persona', { schema: { response: { 200: Persona } } }, async () => fila);
  app.get('/persona-sin-nota', { schema: { response: { 200: Persona } } }, async () => ({ ...fila, nota: null }));
  app.get('/lista', { schema: { response: { 200: v.array(Persona) } } }, async () => [fila, fila]);
  app.get('/transformacion', { schema: { response: { 200: ConTransformacion } } }, async () => ({ nombre: 'ana', token: 'secreto' }));
  app.get('/union', { schema: { response: { 200: Union } } }, async () => ({ a: 'x', token: 'secreto' }));
  await app.ready();
});
afterAll(() => app.close());

describe('serialización de respuestas', () => {
  it('solo salen los campos declarados, también dentro de objetos anidados, anulables y listas', async () => {
    const r = await app.inject('/persona');
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('secreto');
    expect(r.json()).toEqual({ id: 1, nombre: 'Ana', nota: { texto: 'hola' }, etiquetas: [{ k: 'x' }] });
    expect((await app.inject('/persona-sin-nota')).json()).toEqual({ id: 1, nombre: 'Ana', nota: null, etiquetas: [{ k: 'x' }] });
    const lista = await app.inject('/lista');
    expect(lista.body).not.toContain('secreto');
    expect(lista.json()).toHaveLength(2);
  });

  it('una unión de objetos se serializa sin campos de más', async () => {
    const r = await app.inject('/union');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ a: 'x' });
  });

  it('un esquema que no se puede convertir (una transformación) sigue pasando por valibot', async () => {
    const r = await app.inject('/transformacion');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ nombre: 'ANA' });
  });
});
