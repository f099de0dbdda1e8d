// Rooms of the forums (docs/decisions/161). Clients never name them: they ask to open a forum or a
// topic and the server joins them after the read check.
import { sala } from '@miduelo/shared/realtime';
import type { Cuenta } from './repo';

export const salaForo = (id: number) => `foro:${id}`;
export const salaTema = (id: number) => `foro-tema:${id}`;
/** Every signed-in socket: counts of public forums. */
export const SALA_FOROS_PUBLICOS = 'foros:publicos';
export const salaPersonal = (c: Cuenta) => (c.tipo === 'psicologo' ? sala.psicologo(c.id) : sala.paciente(c.id));
