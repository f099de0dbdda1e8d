// Size limits of issue 51: no source file over 400 lines and no function over 150 (function
// declarations and expressions, arrow functions, methods, accessors; React components are functions)
// in client/src and server/src. Generated files (*.gen.ts, e.g. routeTree.gen.ts) do not count.
// Functions are found with the TypeScript compiler's parser, so a line count never depends on how a
// function happens to be formatted. Prints the offenders and the counts; exits 1 when any.
//
//   node scripts/tamanos.mjs [--json] [--max-lineas-archivo 400] [--max-lineas-funcion 150]
//                            [--carpetas client/src,server/src]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CARPETAS = ['client/src', 'server/src'];
export const MAX_LINEAS_ARCHIVO = 400;
export const MAX_LINEAS_FUNCION = 150;
/** Reported in the counts only: the measure of files that are getting long. */
const AVISO_LINEAS_ARCHIVO = 300;

const FUENTE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const GENERADO = /\.gen\.ts$|\.d\.ts$/;

function fuentes(carpeta) {
  return readdirSync(path.join(raiz, carpeta), { recursive: true, encoding: 'utf8' })
    .filter((rel) => FUENTE.test(rel) && !GENERADO.test(rel) && !rel.split(path.sep).includes('node_modules'))
    .map((rel) => path.join(carpeta, rel).split(path.sep).join('/'))
    .sort();
}

/** A readable name: `function f`, `const F = () =>`, a method or property `{ m() }`, else «anónima». */
function nombreDe(nodo, archivo) {
  if (nodo.name && ts.isIdentifier(nodo.name)) return nodo.name.text;
  if (nodo.name) return nodo.name.getText(archivo);
  if (ts.isConstructorDeclaration(nodo)) return 'constructor';
  let p = nodo.parent;
  // `memo(function …)`, `forwardRef((…) => …)`, `x ?? (() => …)`: name it after what it is assigned to.
  while (p && (ts.isCallExpression(p) || ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isBinaryExpression(p))) {
    if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) break;
    p = p.parent;
  }
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name)
    return p.name.getText(archivo);
  if (p && ts.isBinaryExpression(p)) return p.left.getText(archivo);
  if (p && ts.isExportAssignment(p)) return 'export default';
  // A callback: named after the call it is given to (`db.transaction(…)`).
  if (nodo.parent && (ts.isCallExpression(nodo.parent) || ts.isNewExpression(nodo.parent))) {
    const nuevo = ts.isNewExpression(nodo.parent) ? 'new ' : '';
    return `${nuevo}${nodo.parent.expression.getText(archivo).replace(/\s+/g, '')}(…)`;
  }
  // Else after the function it sits in (a function returning a function).
  for (let f = nodo.parent; f; f = f.parent) if (esFuncion(f)) return `(anónima, dentro de ${nombreDe(f, archivo)})`;
  return '(anónima)';
}

function esFuncion(nodo) {
  return (
    ts.isFunctionDeclaration(nodo) ||
    ts.isFunctionExpression(nodo) ||
    ts.isArrowFunction(nodo) ||
    ts.isMethodDeclaration(nodo) ||
    ts.isConstructorDeclaration(nodo) ||
    ts.isGetAccessorDeclaration(nodo) ||
    ts.isSetAccessorDeclaration(nodo)
  );
}

export function medir({ carpetas = CARPETAS, maxArchivo = MAX_LINEAS_ARCHIVO, maxFuncion = MAX_LINEAS_FUNCION } = {}) {
  const archivos = [];
  const funciones = [];
  for (const carpeta of carpetas) {
    for (const rel of fuentes(carpeta)) {
      const texto = readFileSync(path.join(raiz, rel), 'utf8');
      const lineas = texto.endsWith('\n') ? texto.split('\n').length - 1 : texto.split('\n').length;
      archivos.push({ archivo: rel, lineas });
      const tipo = rel.endsWith('x') ? ts.ScriptKind.TSX : rel.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
      const sf = ts.createSourceFile(rel, texto, ts.ScriptTarget.Latest, true, tipo);
      const visitar = (nodo) => {
        if (esFuncion(nodo) && nodo.body) {
          const inicio = sf.getLineAndCharacterOfPosition(nodo.getStart(sf)).line + 1;
          const fin = sf.getLineAndCharacterOfPosition(nodo.getEnd()).line + 1;
          funciones.push({ archivo: rel, funcion: nombreDe(nodo, sf), linea: inicio, lineas: fin - inicio + 1 });
        }
        ts.forEachChild(nodo, visitar);
      };
      visitar(sf);
    }
  }
  const porLineas = (a, b) => b.lineas - a.lineas || a.archivo.localeCompare(b.archivo);
  return {
    carpetas,
    maxArchivo,
    maxFuncion,
    archivosMedidos: archivos.length,
    funcionesMedidas: funciones.length,
    archivosSobre300: archivos.filter((a) => a.lineas > AVISO_LINEAS_ARCHIVO).length,
    archivosLargos: archivos.filter((a) => a.lineas > maxArchivo).sort(porLineas),
    funcionesLargas: funciones.filter((f) => f.lineas > maxFuncion).sort(porLineas),
  };
}

function numero(args, nombre, defecto) {
  const i = args.indexOf(nombre);
  return i === -1 ? defecto : Number(args[i + 1]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const i = args.indexOf('--carpetas');
  const r = medir({
    carpetas: i === -1 ? CARPETAS : args[i + 1].split(','),
    maxArchivo: numero(args, '--max-lineas-archivo', MAX_LINEAS_ARCHIVO),
    maxFuncion: numero(args, '--max-lineas-funcion', MAX_LINEAS_FUNCION),
  });
  if (args.includes('--json')) {
    console.log(JSON.stringify(r, null, 2));
  } else {
    console.log(`Archivos de ${r.carpetas.join(' y ')} con más de ${r.maxArchivo} líneas: ${r.archivosLargos.length}`);
    for (const a of r.archivosLargos) console.log(`  ${String(a.lineas).padStart(5)}  ${a.archivo}`);
    console.log(`Funciones con más de ${r.maxFuncion} líneas: ${r.funcionesLargas.length}`);
    for (const f of r.funcionesLargas) console.log(`  ${String(f.lineas).padStart(5)}  ${f.archivo}:${f.linea} ${f.funcion}`);
    console.log(
      `(${r.archivosMedidos} archivos, ${r.archivosSobre300} con más de ${AVISO_LINEAS_ARCHIVO} líneas; ${r.funcionesMedidas} funciones)`,
    );
  }
  process.exitCode = r.archivosLargos.length + r.funcionesLargas.length > 0 ? 1 : 0;
}
