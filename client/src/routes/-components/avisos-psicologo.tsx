// The psychologist's notices under the bar — a crisis message, a patient in the waiting room, an
// administrator's supervision, a limited account — fetched together in one lazy chunk: one dynamic
// import in every first load instead of four (the agenda's 150 kB budget, decision 080).
import AlertaCrisis from '@/features/chat/components/alerta-crisis';
import AvisoSalaEspera from '@/features/sesiones/components/aviso-sala-espera';
import AvisoSupervision from '@/features/supervision-psicologo/components/aviso-supervision';
import AvisoCuentaLimitada from './aviso-cuenta-limitada';

export default function AvisosPsicologo() {
  return (
    <>
      <AlertaCrisis />
      <AvisoSalaEspera />
      <AvisoSupervision />
      <AvisoCuentaLimitada />
    </>
  );
}
