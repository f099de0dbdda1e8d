// The Socket.IO events read from the typed maps of shared/src/realtime*.ts with the TypeScript
// compiler (decision 384): names, direction, the domain file that declares them, their comment and
// a JSON Schema of the payload and of the acknowledgement. Run at development time only (typescript
// is a dev dependency): `npx tsx server/src/openapi/eventos-desde-tipos.ts` rewrites
// eventos-socket.json, and the openapi test fails while that file differs from the types.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface EventoSocket {
  nombre: string;
  direccion: 'servidor-a-cliente' | 'cliente-a-servidor';
  dominio: string;
  descripcion: string;
  carga: unknown;
  ack?: unknown;
}

type Json = Record<string, unknown>;

const AQUI = path.dirname(fileURLToPath(import.meta.url));
const RAIZ_SHARED = path.resolve(AQUI, '../../../shared/src');
export const ARCHIVO_EVENTOS = path.join(AQUI, 'eventos-socket.json');

function convertidor(checker: ts.TypeChecker) {
  const enCurso = new Set<ts.Type>();
  const esquema = (t: ts.Type, prof: number): Json => {
    if (prof > 8) return {};
    const f = t.flags;
    if (f & ts.TypeFlags.StringLiteral) return { const: (t as ts.StringLiteralType).value };
    if (f & ts.TypeFlags.NumberLiteral) return { const: (t as ts.NumberLiteralType).value };
    if (f & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(t) === 'true' };
    if (f & ts.TypeFlags.String) return { type: 'string' };
    if (f & ts.TypeFlags.Number) return { type: 'number' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (t.isUnion()) {
      const partes = t.types.filter((x) => !(x.flags & ts.TypeFlags.Undefined));
      if (partes.every((x) => x.flags & ts.TypeFlags.StringLiteral))
        return { type: 'string', enum: partes.map((x) => (x as ts.StringLiteralType).value) };
      if (partes.length > 0 && partes.every((x) => x.flags & ts.TypeFlags.BooleanLiteral)) return { type: 'boolean' };
      const opciones = partes.map((x) => esquema(x, prof + 1));
      return opciones.length === 1 ? opciones[0] : { anyOf: opciones };
    }
    if (checker.isArrayType(t)) return { type: 'array', items: esquema(checker.getTypeArguments(t as ts.TypeReference)[0], prof + 1) };
    if (f & ts.TypeFlags.Object || t.isIntersection()) {
      if (enCurso.has(t)) return { type: 'object' };
      enCurso.add(t);
      const properties: Json = {};
      const required: string[] = [];
      for (const p of checker.getPropertiesOfType(t)) {
        const decl = p.valueDeclaration ?? p.declarations?.[0];
        const tipo = decl ? checker.getTypeOfSymbolAtLocation(p, decl) : checker.getDeclaredTypeOfSymbol(p);
        const s = esquema(tipo, prof + 1);
        const doc = ts.displayPartsToString(p.getDocumentationComment(checker)).trim();
        properties[p.name] = doc ? { ...s, description: doc } : s;
        if (!(p.flags & ts.SymbolFlags.Optional)) required.push(p.name);
      }
      const indice = checker.getIndexInfosOfType(t)[0];
      enCurso.delete(t);
      return {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        ...(indice ? { additionalProperties: esquema(indice.type, prof + 1) } : {}),
      };
    }
    return {};
  };
  return esquema;
}

/** Every event of `ServerToClientEvents` and `ClientToServerEvents`, in declaration order. */
export function leerEventos(): EventoSocket[] {
  const raiz = path.join(RAIZ_SHARED, 'realtime.ts');
  const programa = ts.createProgram([raiz], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
  });
  const checker = programa.getTypeChecker();
  const fuente = programa.getSourceFile(raiz);
  if (!fuente) throw new Error('no se encontró shared/src/realtime.ts');
  const esquema = convertidor(checker);
  const eventos: EventoSocket[] = [];
  for (const [alias, direccion] of [
    ['ServerToClientEvents', 'servidor-a-cliente'],
    ['ClientToServerEvents', 'cliente-a-servidor'],
  ] as const) {
    const declaracion = fuente.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === alias);
    if (!declaracion) throw new Error(`no se encontró ${alias}`);
    for (const p of checker.getPropertiesOfType(checker.getTypeAtLocation(declaracion.name))) {
      const decl = p.valueDeclaration ?? p.declarations?.[0];
      if (!decl) continue;
      const firma = checker.getTypeOfSymbolAtLocation(p, decl).getCallSignatures()[0];
      const [carga, ack] = firma?.getParameters() ?? [];
      const tipoDe = (s: ts.Symbol) => checker.getTypeOfSymbolAtLocation(s, decl);
      const respuesta = ack ? checker.getNonNullableType(tipoDe(ack)).getCallSignatures()[0]?.getParameters()[0] : undefined;
      eventos.push({
        nombre: p.name,
        direccion,
        dominio: path.basename(decl.getSourceFile().fileName, '.ts').replace(/^realtime-?/, '') || 'sesion',
        descripcion: ts.displayPartsToString(p.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
        carga: carga ? esquema(tipoDe(carga), 0) : {},
        ...(respuesta ? { ack: esquema(tipoDe(respuesta), 0) } : {}),
      });
    }
  }
  return eventos;
}

/** One event per line: readable diffs when an event changes. */
export function serializarEventos(eventos: EventoSocket[]): string {
  return `[\n${eventos.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const eventos = leerEventos();
  writeFileSync(ARCHIVO_EVENTOS, serializarEventos(eventos));
  console.log(`${eventos.length} eventos escritos en ${path.relative(process.cwd(), ARCHIVO_EVENTOS)}`);
}
