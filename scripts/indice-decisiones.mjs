// The table of docs/decisions/README.md: every record with its title (linked), a one-line summary
// and its status (in force, replaced by N, amended by N). Re-runnable: it rewrites only what lies
// between the README's two markers; the reading list above them is written by hand.
//
//   node scripts/indice-decisiones.mjs          # rewrite the table
//   node scripts/indice-decisiones.mjs --check  # exit 1 when the table is not up to date
//
// Status comes from two sources:
// - a record's own opening lines: "Amends 071 and 229", "Supersedes 059", "Replaces 180", "Refines
//   070", "Extends 082" (also in Spanish: "Enmienda", "Reemplaza", "Sustituye") mark the numbers
//   they name as amended — or replaced, for Supersedes/Replaces/Reemplaza/Sustituye, unless the line
//   says only a part ("the … part of 052") — by that record. New records keep that convention;
// - RELACIONES below, read and judged by hand, for records that change an older one without saying
//   so in their first lines.
// A summary is RESUMENES' line, or else the record's first sentence (records added later).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CARPETA = path.join(raiz, 'docs/decisions');
const README = path.join(CARPETA, 'README.md');
const INICIO = '<!-- tabla: generada por scripts/indice-decisiones.mjs; no editar a mano -->';
const FIN = '<!-- fin de la tabla -->';

/** [older, newer, 'reemplazada' | 'enmendada', why]: judged by reading both records. */
const RELACIONES = [
  ['034', '265', 'enmendada', 'reactivating inside a block'],
  ['041', '266', 'enmendada', 'the patient list follows the server'],
  ['057', '256', 'enmendada', 'every screen says a failed load, as the chat did'],
  ['121', '282', 'enmendada', 'a failure after the commit keeps the file'],
  ['121', '310', 'enmendada', 'files stored encrypted'],
  ['141', '276', 'enmendada', 'patients told at once'],
  ['164', '257', 'enmendada', 'hidden posts reach every copy'],
  ['180', '272', 'enmendada', 'which 401/403 end the app session'],
  ['183', '305', 'enmendada', 'unread counts per account'],
  ['185', '273', 'enmendada', 'the outbox survives a session end'],
  ['213', '255', 'enmendada', 'every public forum, not the first 100'],
  ['257', '269', 'enmendada', 'the web topic reads itself whole'],
  ['259', '270', 'enmendada', 'the app sends the post when the connection returns'],
  ['271', '284', 'enmendada', 'sort keys stored and indexed'],
  ['272', '278', 'enmendada', 'the same rule written again from the request side'],
  ['278', '315', 'reemplazada', '315 replaces 272, into which it merged 278'],
  ['282', '288', 'enmendada', 'one template for every module'],
  ['287', '288', 'enmendada', 'one template for every module'],
  ['288', '298', 'enmendada', "a write's answer from its own transaction"],
  ['011', '252', 'enmendada', 'every instant in the clinic zone'],
  ['052', '313', 'enmendada', 'same id with other content refused'],
  ['070', '310', 'enmendada', 'evidence files too'],
  ['070', '311', 'enmendada', 'four more columns'],
  ['070', '312', 'enmendada', 'rotation covers every column'],
  ['182', '306', 'enmendada', 'the subscription leaves with its account'],
];

const RESUMENES = {
  '001': 'Why each dependency beyond the design card was added.',
  '002': 'A psychologist with an unvalidated licence keeps patient work, loses the rest after 7 days.',
  '003': 'Biome lints and formats; dependency-cruiser checks imports.',
  '004': 'The server runs TypeScript through tsx; only the client is built.',
  '005': 'JWT HS256 sessions: lifetimes per role, revocation by version and jti.',
  '006': 'Per-IP and per-account rate limits on login, registration and recovery.',
  '007': 'Every route validates body, params and answer with valibot; unknown fields stripped.',
  '008': 'Activation mail inside the transaction; recovery answers the same for any email.',
  '009': 'Patients register with a link code, activate by mail, use the mobile app.',
  '010': 'The web ends its session on 401/403 to a call with a token, except business 403s.',
  '011': "The web judges 'today' and past hours in the clinic's time zone.",
  '012': 'Toasts survive the logout reload so a revoked user reads why.',
  '013': 'The module template: one server module, one shared file, one client feature per domain.',
  '030': 'One agenda row per psychologist and week; idempotent creation.',
  '031': "Every agenda write takes the psychologist's row lock: no double booking.",
  '032': 'Appointment rules and messages the spec leaves open.',
  '033': 'Availability: the default week and how slots are edited.',
  '034': 'Exceptions (blocked days and hours), not in the spec.',
  '035': 'Identity from the token only: nothing of one psychologist reaches another.',
  '036': "What 'Eliminar duplicadas' and 'Duplicar' do.",
  '037': 'Live agenda events after commit, typed in shared/, versioned.',
  '038': "The patient never sees the psychologist's clinical notes of an appointment.",
  '039': "The patient's appointment requests and free slots from the app.",
  '040': 'The 24-hour reminder email job.',
  '041': 'Patient list and patient file endpoints.',
  '042': 'Agenda screen details: grid, chips, shading.',
  '050': 'One conversation model for patient and administrator chats.',
  '051': "Chat endpoints beyond the spec's list.",
  '052': 'Gap-free seq per conversation, id_cliente idempotency, unread counts.',
  '053': 'A chat send is one statement (chat_enviar), also over the socket.',
  '054': 'Chat events go to personal rooms of both participants after commit.',
  '055': 'Chat message limits (1–1,000 code points) and rates.',
  '056': 'A reassigned patient’s old chat is read-only (409 CHAT_SOLO_LECTURA).',
  '057': 'The chat screens: one store factory per side, adapters over api/chat.',
  '058': 'Who an administrator can start a conversation with.',
  '059': 'How the chat benchmark measured (first version).',
  '060': 'Server data on screens: the screen owns it, the live core keeps it live.',
  '061': 'Import boundaries checked by dependency-cruiser in pnpm lint.',
  '070': 'Health text encrypted at rest (AES-256-GCM), searchable by keyed hashes.',
  '071': "A socket's session is checked on every event and ends with its token.",
  '072': 'Several nodes starting together: migrations and seed under one advisory lock.',
  '073': 'REDIS_PREFIX per deployment; readiness; CORS.',
  '074': 'Login lockout per account and address; known devices; successes reset.',
  '075': 'Registration, recovery and resend do not reveal who has an account.',
  '076': 'Retried sends, outages and restarts of the chat.',
  '080': 'Precompression, caching and the first-load JavaScript budget.',
  '081': 'Unread counters stored on the conversation row.',
  '082': 'A revocation-aware cache of the session check.',
  '083': 'Answers serialised from the valibot schemas; headers computed once.',
  '084': 'Socket handlers registered once per app: an idle socket costs little.',
  '085': 'Benchmarks compare against a bare server in the same run, repeated.',
  '086': 'Login at low concurrency measured and left as it is.',
  '090': 'One audit table for every domain.',
  100: 'The test catalogue: three instruments, sources, licences, scales.',
  101: 'Test scores computed on the server from stored rules.',
  102: 'Notes and free-text answers encrypted; note search per patient.',
  103: 'The application PDF: pdfkit with an embedded font, in a worker thread.',
  104: 'Risk flag of a patient and live clinical-record events.',
  105: "'Gráficas y Notas' screens: lazy chunks, uPlot, live lists.",
  120: 'Grief modules computed from the catalogue; activities assigned per patient.',
  121: 'Evidence files streamed, typed by content, served only through an authorized route.',
  122: 'Evidence is private by default; the patient’s switch is enforced on every view.',
  123: 'The module catalogue is written for people in grief.',
  124: 'Live activity events for psychologist and patient.',
  125: 'Activity screens: what the spec left open.',
  126: 'The emotion diary API.',
  127: 'Module progress history per clinic day.',
  128: 'The date and person of the loss; anniversary marks.',
  129: 'The anniversary mail to the psychologist.',
  140: 'The administracion module holds the cross-account Admin API.',
  141: 'Deleting a psychologist: what happens to patients, chats, appointments.',
  142: 'The licence registry client (validar-cedula).',
  143: 'Password and email changes end the other sessions.',
  144: "The administrators' live dashboard.",
  145: 'The audit log screen.',
  146: 'Patient consent under LFPDPPP: versioned documents.',
  147: 'The limited-account banner, kept live.',
  160: 'Forum invitations: payload, who invites, who answers.',
  161: 'Forum rooms, who reads what, delivery guarantees.',
  162: 'A post in crisis language is never blocked: its author sees the crisis lines, moderators get an alert.',
  163: 'Forum limits: post length, rates.',
  164: 'Forum roles and moderation (hide, report, remove).',
  180: "The patient's app at /app: a separate build with its own small router.",
  181: "The app's service worker and manifest (Workbox).",
  182: 'Web Push: VAPID keys, subscriptions, preferences.',
  183: 'When a push is sent (observing published events); offline data per account.',
  184: 'A notification never carries clinical text.',
  185: "The chat's outbox on the phone: pending messages survive reloads.",
  186: "The app's 120 kB budget and its benchmark.",
  187: "Consent, password recovery and profile in the patient's app.",
  200: "'Mi proceso' and the activity screen in the app.",
  201: 'A push for an activity assigned or reminded.',
  202: 'Activities live in the app, merged by version.',
  203: "'Tus actividades de hoy' on Home.",
  204: 'Evidence uploads from the app (camera, file, link).',
  210: 'A patient leaves a forum.',
  211: 'The demo patients have accepted the documents.',
  212: 'The emotion diary and the daily check-in in the app.',
  213: 'Forums in the app.',
  214: "The site's self-hosted fonts in the app.",
  215: "The app's bottom bar: six sections.",
  220: 'One Intl.DateTimeFormat per time zone, reused.',
  221: 'The hottest list reads are one statement; rows taken from the driver as they are.',
  222: 'An idle socket: one hidden class, one-slot middleware, no forum listeners.',
  223: 'Login at 2 concurrent: goal 85 %, not reached on the shared machine.',
  224: 'The chat at 2,000 sockets measured; REST left above its floor.',
  225: "The psychologist's login reads the account with one prepared statement.",
  226: 'Migration 0021 analyzes the first migrations’ tables.',
  227: 'The chat at the issue’s shape; driver-prepared send; 5-minute session cache.',
  228: 'bench/auth runs the server in its own process.',
  229: 'An open socket keeps its session and version, not its token.',
  230: 'The test mailbox parses mail with mailparser.',
  231: 'A login prepares its answer while argon2id runs.',
  232: 'The chat send hands a fixed statement text to postgres.js.',
  233: 'An open socket relies on its last session check as the cache does.',
  234: "A patient's presence is asked of this node first; IVs from a pool.",
  235: 'No push work for a patient connected here; published-ids ring.',
  236: 'bench/chat measures REST sends from clients in use.',
  237: 'Prepared reads build rows with one object literal per statement.',
  238: 'Chat sends under load commit together (group commit); postgres.js patched.',
  239: "Open sockets' session checks refreshed before they go stale.",
  240: 'A reload on its way re-applies live changes that arrived meanwhile.',
  241: 'A cached session check in its last minute is re-read off the request path.',
  242: 'Search fingerprints with one-shot SHA-256.',
  243: 'bench/chat warms every phase up before its window.',
  244: 'A login hashes its device token once.',
  245: 'What the chat server promotes to the old generation, measured.',
  246: "Node flags that size V8's heap for a chat server.",
  247: 'bench/chat probes the disk beside every phase.',
  248: "A booking's statements are fixed texts, prepared per connection.",
  249: "On a phone, each row of the administration's tables is a card.",
  250: 'Node ≥ 20.19 holds for every installed package.',
  251: 'An evidence card is laid out by its own width (container query).',
  252: "Every instant on screen is shown in the clinic's zone.",
  253: "A topic opens under its own forum's address.",
  254: "A forum's topics by pages of 20, with 'Ver más temas'.",
  255: 'The patient app lists every public forum.',
  256: "A load that failed is said as such, with 'Reintentar'.",
  257: 'A post hidden or shown again reaches every copy of it.',
  258: 'A forum on screen is not left because a reload failed.',
  259: "A forum post that could not be sent stays, with 'Reintentar' or its reason.",
  261: "A patient's 'Nueva Actividad': no switches; a retry assigns the same template.",
  263: 'A note-type filter without a match says so.',
  265: 'Reactivating a cancelled appointment inside a blocked day or hour.',
  266: 'The patient list follows the server: order, new and reassigned patients.',
  267: 'An evidence the patient hides leaves the open viewer at once.',
  269: 'The web topic reads itself whole again on every reload.',
  270: 'A forum post written offline in the app leaves when the connection returns.',
  271: 'The patient list sorts in the Spanish alphabet.',
  272: 'The patient app ends the session on a 401, not on a business 403.',
  273: 'What the patient wrote and could not send survives a session end.',
  274: 'A diary entry written offline stays in its form, on the phone.',
  276: "A deleted psychologist's appointments leave the patients' apps at once.",
  277: "A read-only conversation says why in the patient's words.",
  278: 'In the app, a 403 that answers a request does not end the session.',
  279: 'Signing in as another account in another tab restarts this tab.',
  280: 'A birth date after today is said as such.',
  282: 'A stored evidence keeps its file when the notice after the commit fails.',
  283: 'Clinical text pasted past its limit is kept whole and flagged, never cut.',
  284: "The patient's sort keys are stored and read through an index.",
  285: 'An open patient file leaves the screen when its patient is reassigned.',
  286: 'Leaving a forum that is private.',
  287: 'In activities, a live notice that fails after the commit is logged.',
  288: 'One template (avisar) for the live notice after the commit, in every module.',
  291: 'The administration lists are live.',
  292: 'A reassignment from a stale screen changes nothing (409).',
  293: "A patient's phone or email change reaches her psychologist's screens.",
  295: 'No text field cuts a pasted text; the field says why it cannot go.',
  296: "The app's conversation reaches older messages.",
  297: 'Offline, a write the app does not retry asks to try again; no promises.',
  298: "A write's answer comes from its own transaction, never a read after commit.",
  300: 'Reassigning a patient cancels her upcoming appointments with the former psychologist.',
  304: "After 'Cerrar sesión', the back button does not bring the last screen back.",
  305: 'The next account on the same phone does not inherit unread counts.',
  306: "A phone's push subscription leaves with the account that made it.",
  307: 'Editing a note saved meanwhile elsewhere does not overwrite it (409).',
  308: 'A note or test with unsaved work is not closed without asking.',
  310: 'Evidence files are stored encrypted (streamed AES-256-GCM chunks).',
  311: 'Topic titles, report reasons, file names and links stored encrypted.',
  312: 'A key rotation re-encrypts every encrypted column.',
  313: 'A retry after a lost answer stores nothing twice; a changed form gets a new id.',
  327: 'Tests build the client only for the files that read it; PGlite test databases load a template.',
  328: 'scripts/tamanos.mjs and its test keep files ≤ 400 and functions ≤ 150 lines; this index.',
};

const MARCA = /^(amends|supersedes|replaces|refines|extends|enmienda|reemplaza|sustituye|modifica)\b/i;
const REEMPLAZO = /^(supersedes|replaces|reemplaza|sustituye)\b/i;

function leerRegistros() {
  return readdirSync(CARPETA)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((archivo) => {
      const texto = readFileSync(path.join(CARPETA, archivo), 'utf8');
      const lineas = texto.split('\n');
      const numero = archivo.slice(0, 3);
      const titulo = (lineas[0] ?? '')
        .replace(/^#\s*/, '')
        .replace(/^\d{3}\s*[—–-]\s*/, '')
        .trim();
      return { numero, archivo, titulo, lineas };
    });
}

/** The first sentence of the body, without Markdown markers: the summary of a record not yet in
 * RESUMENES. A leading "Status" bullet is skipped; a bold label ("**Question.**") is dropped. */
function primeraFrase(lineas) {
  const bloques = lineas
    .slice(1)
    .join('\n')
    .split(/\n(?=- )|\n\s*\n/)
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter((b) => b && !b.startsWith('#') && !/^(- )?\*\*(status|estado)\b/i.test(b) && !MARCA.test(b));
  const cuerpo = (bloques[0] ?? '')
    .replace(/^- /, '')
    .replace(/^\*\*[^*]+\*\*\s*:?\s*/, '')
    .replace(/[*`]/g, '');
  const frase = /^(.+?\.)(\s|$)/.exec(cuerpo)?.[1] ?? cuerpo;
  return frase.length > 140 ? `${frase.slice(0, 137).trimEnd()}…` : frase;
}

function relaciones(registros) {
  const lista = RELACIONES.map(([viejo, nuevo, tipo]) => ({ viejo, nuevo, tipo }));
  for (const r of registros) {
    // Only the opening paragraph: further down, numbers are cited, not amended.
    const primero = r.lineas
      .slice(1, 9)
      .join(' ')
      .trim()
      .split(/\n|\s-\s|\s{2,}/)[0];
    for (const frase of primero.split(/(?<=\.)\s+/)) {
      if (!MARCA.test(frase)) continue;
      const parcial = /\bpart of\b|\bparte de\b/i.test(frase);
      const tipo = REEMPLAZO.test(frase) && !parcial ? 'reemplazada' : 'enmendada';
      // What the sentence changes: its numbers outside parentheses, before a ';' or ', as'.
      const alcance = frase.replace(/\([^)]*\)/g, '').split(/;|, as\b|\.(\s|$)/)[0];
      for (const n of alcance.match(/\b\d{3}\b/g) ?? []) if (n < r.numero) lista.push({ viejo: n, nuevo: r.numero, tipo });
    }
  }
  return lista;
}

function estado(numero, lista, existentes) {
  const mias = lista.filter((x) => x.viejo === numero && existentes.has(x.nuevo));
  const enlace = (n) => `[${n}](${existentes.get(n)})`;
  const unicos = (tipo) => [...new Set(mias.filter((x) => x.tipo === tipo).map((x) => x.nuevo))].sort();
  const reemplazos = unicos('reemplazada');
  const enmiendas = unicos('enmendada');
  if (reemplazos.length > 0) return `replaced by ${reemplazos.map(enlace).join(', ')}`;
  if (enmiendas.length > 0) return `in force, amended by ${enmiendas.map(enlace).join(', ')}`;
  return 'in force';
}

export function tabla() {
  const registros = leerRegistros();
  const existentes = new Map(registros.map((r) => [r.numero, r.archivo]));
  const lista = relaciones(registros);
  const filas = registros.map((r) => {
    const resumen = (RESUMENES[r.numero] ?? primeraFrase(r.lineas)).replace(/\|/g, '\\|');
    const titulo = r.titulo.replace(/\|/g, '\\|').replace(/[[\]]/g, '');
    return `| ${r.numero} | [${titulo}](${r.archivo}) | ${resumen} | ${estado(r.numero, lista, existentes)} |`;
  });
  return [
    INICIO,
    '',
    `${registros.length} records.`,
    '',
    '| # | Record | In one line | Status |',
    '|---|---|---|---|',
    ...filas,
    '',
    FIN,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const actual = readFileSync(README, 'utf8');
  const i = actual.indexOf(INICIO);
  const j = actual.indexOf(FIN);
  if (i === -1 || j === -1) throw new Error(`${README} no tiene las marcas de la tabla`);
  const nuevo = `${actual.slice(0, i)}${tabla()}${actual.slice(j + FIN.length)}`;
  if (process.argv.includes('--check')) {
    if (nuevo !== actual) {
      console.error('docs/decisions/README.md no está al día: node scripts/indice-decisiones.mjs');
      process.exitCode = 1;
    }
  } else if (nuevo !== actual) {
    writeFileSync(README, nuevo);
    console.log(`docs/decisions/README.md: ${nuevo.split('\n').filter((l) => /^\| \d{3} /.test(l)).length} registros`);
  }
}
