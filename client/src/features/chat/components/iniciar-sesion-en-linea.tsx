// "Iniciar sesión en línea" in the psychologist's conversation with her patient (issue 54): opens
// (or returns the open) unscheduled room with that patient and goes into it.
import { TEXTOS_SALA } from '@miduelo/shared/sesiones-en-linea';
import { useNavigate } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { mostrarError } from '@/nucleo/http';
import { abrirConPaciente } from '@/nucleo/sala/api';

export function IniciarSesionEnLinea({ idPaciente }: { idPaciente: number }) {
  const navigate = useNavigate();
  const [abriendo, setAbriendo] = useState(false);
  async function abrir() {
    setAbriendo(true);
    try {
      const { sesion } = await abrirConPaciente(idPaciente);
      void navigate({ to: '/sesion/$idSesion', params: { idSesion: String(sesion.id_sesion) } });
    } catch (e) {
      mostrarError(e);
      setAbriendo(false);
    }
  }
  return (
    <Button
      variante="suave"
      tamano="sm"
      cargando={abriendo}
      onClick={() => void abrir()}
      aria-label={TEXTOS_SALA.iniciarDesdeChat}
      data-iniciar-sesion
    >
      {abriendo ? null : <Video className="size-4" aria-hidden />}
      <span className="max-sm:sr-only">{TEXTOS_SALA.iniciarDesdeChat}</span>
    </Button>
  );
}
