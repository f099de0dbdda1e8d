import { useState } from 'react';
import { AvisosPush } from '../componentes/avisos-push';
import { MisDatos } from '../componentes/mis-datos';
import { CambioDeContrasena, DatosDeContacto } from '../componentes/perfil';
import { SolicitudesArco } from '../componentes/solicitudes-arco';
import { Dispositivos } from '../componentes/dispositivos';
import { LlavesAcceso } from '../componentes/llaves-acceso';
import { Boton, Tarjeta, Titulo } from '../componentes/ui';
import { VerificacionDosPasos } from '../componentes/verificacion-dos-pasos';
import { salir } from '../lib/salir';
import { useSesion } from '../lib/sesion';

export default function Ajustes() {
  const paciente = useSesion((s) => s.sesion?.paciente);
  const [saliendo, setSaliendo] = useState(false);

  async function cerrar() {
    setSaliendo(true);
    await salir();
  }

  return (
    <div className="space-y-4">
      <Titulo>Ajustes</Titulo>
      {paciente && (
        <Tarjeta>
          <h2 className="font-semibold">Tu cuenta</h2>
          <p className="text-tinta-800 [overflow-wrap:anywhere]">
            {paciente.nombre} {paciente.apellido_paterno} {paciente.apellido_materno ?? ''}
          </p>
          <p className="text-tinta-600 [overflow-wrap:anywhere]">{paciente.email}</p>
        </Tarjeta>
      )}
      <DatosDeContacto />
      <CambioDeContrasena />
      <VerificacionDosPasos />
      <AvisosPush />
      <MisDatos />
      <SolicitudesArco />
      <Dispositivos />
      <LlavesAcceso />
      <Boton variante="secundario" className="w-full" onClick={cerrar} disabled={saliendo}>
        {saliendo ? 'Cerrando sesión…' : 'Cerrar sesión'}
      </Boton>
    </div>
  );
}
