import { Link } from '@tanstack/react-router';

/** Terms and conditions of /terminos-y-condiciones. */
export function Terminos() {
  return (
    <article className="prosa">
      <p>
        Estos términos regulan el uso de la plataforma web y la aplicación móvil MiDuelo (en adelante, «la plataforma»). Al crear una cuenta
        o utilizar la plataforma aceptas estos términos y el <Link to="/aviso-de-privacidad">aviso de privacidad</Link>. Si no estás de
        acuerdo, no utilices la plataforma.
      </p>

      <h2>1. Qué es MiDuelo</h2>
      <p>
        MiDuelo es una herramienta tecnológica que facilita el acompañamiento del proceso de duelo entre profesionales de la psicología y
        sus pacientes: agenda de citas, mensajería, actividades, tests psicológicos, notas clínicas, módulos de duelo y foros de la
        comunidad. MiDuelo no presta servicios de salud por sí mismo: la atención psicológica la brinda, bajo su propia responsabilidad
        profesional, cada psicólogo registrado.
      </p>

      <h2>2. No es un servicio de emergencias</h2>
      <p>
        <strong>La plataforma no está diseñada para atender crisis ni emergencias y no garantiza respuesta inmediata.</strong> Si tu vida o
        la de otra persona está en peligro, llama al 911 o a la Línea de la Vida (800 911 2000, las 24 horas). Consulta más opciones en{' '}
        <Link to="/contactos-de-apoyo">Contactos de apoyo</Link>.
      </p>

      <h2>3. Cuentas de psicólogos</h2>
      <ul>
        <li>
          Para registrarte debes ser mayor de edad, contar con cédula profesional vigente expedida por la autoridad educativa competente y
          proporcionar información verdadera y actualizada.
        </li>
        <li>
          MiDuelo puede verificar tu cédula profesional en el registro público correspondiente. Mientras no se valide, el acceso puede
          quedar limitado una vez concluido el periodo de gracia indicado en la plataforma.
        </li>
        <li>
          Eres responsable de la confidencialidad de tu contraseña y de toda actividad realizada con tu cuenta. Avísanos de inmediato ante
          cualquier uso no autorizado.
        </li>
        <li>
          Te comprometes a ejercer conforme a la legislación aplicable y a los principios éticos de tu profesión, a obtener el
          consentimiento informado de tus pacientes y a registrar en la plataforma solo la información necesaria para su atención.
        </li>
      </ul>

      <h2>4. Pacientes</h2>
      <p>
        Los pacientes acceden mediante la aplicación móvil, vinculados al psicólogo que los atiende por medio de su código de vinculación.
        La información que el paciente registra (diario emocional, actividades, evidencias) se comparte con su psicólogo según las opciones
        de visibilidad que el propio paciente elija.
      </p>

      <h2>5. Confidencialidad</h2>
      <p>
        La información clínica es confidencial. Solo la consultan el paciente, el psicólogo que lo atiende y, cuando sea estrictamente
        necesario para la operación, soporte o seguridad de la plataforma, el personal autorizado de MiDuelo, sujeto a obligaciones de
        confidencialidad. No vendemos ni compartimos datos de salud con fines publicitarios. El tratamiento de los datos personales se rige
        por la Ley Federal de Protección de Datos Personales en Posesión de los Particulares y por nuestro aviso de privacidad.
      </p>

      <h2>6. Foros de la comunidad</h2>
      <ul>
        <li>Participa con respeto. No publiques datos que permitan identificar a pacientes ni a terceros.</li>
        <li>
          No se permite contenido que promueva la autolesión, el odio, el acoso, la discriminación o la venta de productos o servicios.
        </li>
        <li>
          Los administradores y moderadores pueden retirar publicaciones y suspender cuentas que incumplan estas reglas. Lo publicado en un
          foro no constituye consejo profesional.
        </li>
      </ul>

      <h2>7. Uso aceptable</h2>
      <p>
        No está permitido intentar acceder a cuentas o información ajenas, interferir con el funcionamiento de la plataforma, utilizarla
        para fines ilícitos ni extraer información de forma automatizada.
      </p>

      <h2>8. Disponibilidad y responsabilidad</h2>
      <p>
        Procuramos que la plataforma esté disponible de forma continua y segura, pero puede haber interrupciones por mantenimiento o causas
        ajenas a nuestro control. Las decisiones clínicas corresponden exclusivamente al profesional que atiende al paciente; MiDuelo no es
        responsable de diagnósticos, tratamientos ni del contenido que los usuarios publiquen.
      </p>

      <h2>9. Suspensión y cancelación</h2>
      <p>
        Puedes solicitar la cancelación de tu cuenta en cualquier momento. Podemos suspender o cancelar cuentas que incumplan estos
        términos, que proporcionen información falsa o cuya cédula profesional no pueda validarse.
      </p>

      <h2>10. Cambios y legislación aplicable</h2>
      <p>
        Podemos actualizar estos términos; te avisaremos de los cambios relevantes a través de la plataforma. Estos términos se rigen por
        las leyes de los Estados Unidos Mexicanos y cualquier controversia se someterá a los tribunales competentes de la Ciudad de México.
      </p>
      <p className="text-sm text-tinta-500">Última actualización: 2025.</p>
    </article>
  );
}
