import type { LoginRespuesta } from '@miduelo/shared/cuentas';
import type { InscripcionTotp } from '@miduelo/shared/mfa';
import type { ConfirmarInscripcionObligatoria } from '@miduelo/shared/mfa-obligatoria';
import { http } from '@/nucleo/http';

// Required two-step verification at login (decision 382): public routes that take the password
// step's pending token (a lapsed one answers 401, which ends no session).

export const iniciarInscripcionObligatoria = (token_mfa: string) =>
  http.post<InscripcionTotp>('/api/psicologo/iniciar-sesion/inscripcion', { token_mfa }, { sesion: 'ignorar', token: null });

export const confirmarInscripcionObligatoria = (body: ConfirmarInscripcionObligatoria) =>
  http.post<LoginRespuesta & { codigos: string[] }>('/api/psicologo/iniciar-sesion/inscripcion/confirmar', body, {
    sesion: 'ignorar',
    token: null,
  });
