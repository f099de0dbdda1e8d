// Import boundaries of ARCHITECTURE.md, checked by `pnpm lint` (decision 061). Paths are relative to
// the repository root (or to `baseDir` when tests/unit/limites-importacion.test.ts runs it on a
// fixture tree), so every pattern starts at the workspace folder.

const path = require('node:path');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-a-otra-feature',
      comment: 'Features never import each other: what two features need goes in lib/, api/ or shared/.',
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'modulo-a-otro-modulo',
      comment: "A server module never reaches into another module's files: share through comun/, plugins/ or shared/.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: '^server/src/modules/', pathNot: '^server/src/modules/$1/' },
    },
    {
      name: 'modulo-fuera-de-lo-comun',
      comment:
        "Inside server/src a module uses only its own folder, comun/, plugins/, db/, mail/, errors, config and rutas (the shipped files' paths).",
      severity: 'error',
      from: { path: '^server/src/modules/' },
      to: {
        path: '^server/src/',
        pathNot: '^server/src/(modules|comun|plugins|db|mail)/|^server/src/(errors|config|rutas)(\\.ts|/)',
      },
    },
    {
      name: 'db-a-modulos',
      comment: 'db/ knows no module: each module registers its own seeder.',
      severity: 'error',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'ui-a-dominio',
      comment: 'components/ui is the design system: no feature, API or route code.',
      severity: 'error',
      from: { path: '^client/src/components/ui/' },
      to: { path: '^client/src/(features|api|routes)/' },
    },
    {
      name: 'nucleo-a-apps',
      comment:
        'client/src/nucleo is the client core of both apps (decision 314): it imports neither the patient app nor the web (features, routes, lib, api, components); each app configures it at start.',
      severity: 'error',
      from: { path: '^client/src/nucleo/' },
      to: { path: '^client/src/(app-paciente|features|routes|lib|api|components)/|^client/src/main\\.tsx$' },
    },
    {
      name: 'app-paciente-a-web',
      comment:
        "The patient app uses the core (nucleo/), shared/ and the design system's generic parts (components/ui), never the web's features, routes, api or lib.",
      severity: 'error',
      from: { path: '^client/src/app-paciente/' },
      to: { path: '^client/src/(features|routes|api|lib)/|^client/src/components/(?!ui/)|^client/src/main\\.tsx$' },
    },
    {
      name: 'web-a-app-paciente',
      comment: 'The web never imports the patient app: what both need lives in nucleo/ (its own rule above) or shared/.',
      severity: 'error',
      from: { path: '^client/src/', pathNot: '^client/src/(app-paciente|nucleo)/' },
      to: { path: '^client/src/app-paciente/' },
    },
    {
      name: 'shared-a-server-o-client',
      comment: 'shared/ is imported by both sides and imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'client-a-server',
      comment: 'The client talks to the server over HTTP and sockets only; common code lives in shared/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-a-client',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'sin-resolver',
      comment: 'An import the checker cannot resolve would escape every rule above (e.g. a broken `@/` alias), so it fails too.',
      severity: 'error',
      from: { path: '^(client|server|shared)/' },
      to: { couldNotResolve: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    // Resolves the client's `@/*` alias (and the workspace packages through their `exports`).
    // tsconfig.limites.json is client/tsconfig.json (its `@/*` paths) plus a `baseUrl`: without one,
    // dependency-cruiser resolves `paths` from the folder it runs in instead of client/. Taken from
    // the folder the check runs in (the root, or a fixture tree), and absolute: with a relative name
    // TypeScript resolves `extends` from the wrong folder.
    tsConfig: { fileName: path.resolve('tsconfig.limites.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
