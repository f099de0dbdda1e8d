import { Link } from '@tanstack/react-router';

/** Privacy notice of /aviso-de-privacidad (footer link). */
export function AvisoPrivacidad() {
  return (
    <article className="prosa">
      <p>
        MiDuelo (en adelante, «el responsable») trata tus datos personales conforme a la Ley Federal de Protección de Datos Personales en
        Posesión de los Particulares y su normativa aplicable. Este aviso explica qué datos recabamos, para qué los usamos y cómo puedes
        ejercer tus derechos.
      </p>

      <h2>Datos que recabamos</h2>
      <ul>
        <li>
          <strong>Psicólogos:</strong> nombre, apellidos, fecha de nacimiento, especialidad, cédula profesional, teléfono, correo
          electrónico, dirección del consultorio y credenciales de acceso.
        </li>
        <li>
          <strong>Pacientes:</strong> nombre, apellidos, fecha de nacimiento, correo electrónico y teléfono.
        </li>
        <li>
          <strong>Datos personales sensibles:</strong> información sobre el estado de salud emocional y mental, como registros del diario
          emocional, resultados de tests psicológicos, notas clínicas, actividades y evidencias, y mensajes intercambiados con el psicólogo.
        </li>
        <li>
          <strong>Datos técnicos:</strong> registros de acceso y de seguridad necesarios para proteger las cuentas.
        </li>
      </ul>

      <h2>Finalidades</h2>
      <p>Tus datos se usan para:</p>
      <ul>
        <li>Crear y administrar tu cuenta, verificar tu identidad y, en el caso de psicólogos, validar la cédula.</li>
        <li>Permitir el acompañamiento entre paciente y psicólogo: citas, mensajes, actividades, tests y notas.</li>
        <li>Enviar avisos relacionados con el servicio, como la activación de la cuenta o la recuperación de acceso.</li>
        <li>Mantener la seguridad de la plataforma y cumplir obligaciones legales.</li>
      </ul>
      <p>
        No usamos tus datos con fines publicitarios ni los vendemos. Los datos sensibles se tratan solo con tu consentimiento expreso, que
        otorgas al registrarte y aceptar este aviso.
      </p>

      <h2>Transferencias</h2>
      <p>
        No transferimos tus datos a terceros sin tu consentimiento, salvo en los casos que permite la ley, por ejemplo a requerimiento de
        autoridad competente. Los proveedores que nos prestan servicios de infraestructura tratan los datos por nuestra cuenta y bajo
        obligaciones de confidencialidad.
      </p>

      <h2>Seguridad</h2>
      <p>
        Aplicamos medidas administrativas, técnicas y físicas para proteger tus datos: conexiones cifradas, contraseñas almacenadas con
        algoritmos de derivación seguros, control de acceso por rol y registro de accesos. Cada psicólogo solo puede consultar la
        información de sus propios pacientes.
      </p>

      <h2>Quién ve tus datos</h2>
      <p>
        Tus datos de salud los consulta el psicólogo que te acompaña. El personal administrativo ve tus datos de contacto, el estado de tu
        cuenta y datos generales de tus conversaciones de chat con tu psicólogo (fechas y cantidad de mensajes), pero no lo que escriben.
      </p>
      <p>
        Solo puede leer una conversación en una supervisión: debe elegir un motivo (una situación de crisis, una queja, una revisión de
        calidad o una solicitud de tu psicólogo) y escribir la razón; el acceso es de solo lectura, dura 30 minutos, queda registrado en la
        bitácora de auditoría y se avisa a tu psicólogo. Si escribes en el chat palabras que indiquen riesgo para tu vida y tu psicólogo no
        las lee a tiempo, la administración recibe un aviso, sin el texto de tus mensajes, para asegurarse de que alguien te atienda.
      </p>

      <h2>Derechos ARCO y revocación del consentimiento</h2>
      <p>
        Puedes solicitar el Acceso, la Rectificación, la Cancelación u Oposición (derechos ARCO) respecto de tus datos, así como revocar tu
        consentimiento o limitar su uso, desde la configuración de tu perfil o escribiendo al equipo de MiDuelo a través de los canales de
        contacto de la plataforma. Responderemos en los plazos que marca la ley. Si consideras que tu derecho no fue atendido, puedes acudir
        ante la autoridad competente en materia de protección de datos personales.
      </p>

      <h2>Conservación</h2>
      <p>
        Conservamos los datos mientras tu cuenta esté activa y, después, solo durante el tiempo necesario para cumplir obligaciones legales
        o aclarar responsabilidades; transcurrido ese plazo se eliminan o anonimizan.
      </p>

      <h2>Cookies</h2>
      <p>
        Usamos únicamente cookies y almacenamiento local necesarios para mantener tu sesión y proteger los formularios frente a solicitudes
        falsificadas. No usamos cookies de publicidad ni de seguimiento.
      </p>

      <h2>Cambios a este aviso</h2>
      <p>
        Cualquier cambio se publicará en esta página y, si es relevante, te lo notificaremos en la plataforma. Consulta también los{' '}
        <Link to="/terminos-y-condiciones">términos y condiciones</Link>.
      </p>
      <p className="text-sm text-tinta-500">Última actualización: 2025.</p>
    </article>
  );
}
