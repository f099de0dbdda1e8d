// The four administration screens, imported by their routes from this one module on purpose: the
// bundler then emits one chunk for all of them (and the icons and helpers only they use) instead of
// a dozen small ones, each of which would add its file name to every page's first-load preload map
// (the agenda's 150 kB budget, decision 080). Administrators download ~20 kB once.
export { PantallaAuditoria } from './components/pantalla-auditoria';
export { PantallaPacientes } from './components/pantalla-pacientes';
export { PantallaPanel } from './components/pantalla-panel';
export { PantallaPsicologos } from './components/pantalla-psicologos';
