import { Link } from '@tanstack/react-router';

const ETAPAS = [
  {
    nombre: 'Negación',
    texto:
      'La mente se protege de un golpe demasiado grande: «no puede ser», «todavía no lo creo». Es una forma de amortiguar la realidad para poder asimilarla poco a poco.',
  },
  {
    nombre: 'Ira',
    texto:
      'Aparece el enojo con la vida, con los médicos, con uno mismo o incluso con la persona que se fue. Es una emoción legítima que necesita espacio, no juicio.',
  },
  {
    nombre: 'Negociación',
    texto:
      'Surgen los «si hubiera…» y los «¿y si…?»: la búsqueda de una forma de revertir lo ocurrido o de encontrar un sentido. Con frecuencia viene acompañada de culpa.',
  },
  {
    nombre: 'Depresión',
    texto:
      'La tristeza profunda por lo que ya no está. Puede traer cansancio, aislamiento y desgano. En el duelo es una respuesta esperable, aunque conviene vigilar su intensidad.',
  },
  {
    nombre: 'Aceptación',
    texto:
      'No significa olvidar ni que deje de doler, sino aprender a vivir con la pérdida e integrar el recuerdo en una vida que continúa.',
  },
];

/** Sections of the article, for its table of contents. */
export const SECCIONES_DUELO = [
  { id: 'que-es', titulo: '¿Qué es el duelo?' },
  { id: 'etapas', titulo: 'Las cinco etapas' },
  { id: 'normal', titulo: 'Lo que es normal sentir' },
  { id: 'ayuda', titulo: 'Cuándo buscar ayuda profesional' },
  { id: 'acompanar', titulo: 'Cómo acompañar a alguien en duelo' },
  { id: 'no-solo', titulo: 'No tienes que recorrerlo solo' },
];

/** The educational article of /duelo-y-perdida (spec 1 §1). */
export function ArticuloDuelo() {
  return (
    <article className="prosa">
      <p className="text-lg text-tinta-700">
        Perder a alguien o algo importante cambia la vida por dentro y por fuera. Esta guía explica, con palabras sencillas, qué es el
        duelo, qué suele sentirse, cuándo conviene pedir ayuda profesional y cómo acompañar a quien lo está viviendo.
      </p>

      <h2 id="que-es" className="scroll-mt-24">
        ¿Qué es el duelo?
      </h2>
      <p>
        El duelo es la respuesta natural ante una pérdida significativa. Solemos asociarlo con la muerte de un ser querido, pero también
        aparece tras un divorcio, la pérdida de un embarazo, de la salud, de un trabajo, de una mascota o de un proyecto de vida. No es una
        enfermedad: es el proceso, a la vez emocional, físico, social y espiritual, con el que cada persona se adapta a un mundo en el que
        lo perdido ya no está.
      </p>
      <p>
        No existe una manera correcta de vivirlo ni un plazo que se deba cumplir. Influyen el vínculo con lo perdido, las circunstancias de
        la pérdida (si fue repentina, violenta o esperada), la historia personal, la red de apoyo y las creencias y costumbres de cada
        familia y comunidad.
      </p>

      <h2 id="etapas" className="scroll-mt-24">
        Las cinco etapas: un modelo, no un camino fijo
      </h2>
      <p>
        La psiquiatra Elisabeth Kübler-Ross describió en 1969 cinco etapas a partir de su trabajo con personas gravemente enfermas. Con el
        tiempo, su modelo se popularizó para hablar del duelo en general, y sigue siendo útil para poner nombre a lo que se siente:
      </p>
      <ul>
        {ETAPAS.map((etapa) => (
          <li key={etapa.nombre}>
            <strong>{etapa.nombre}.</strong> {etapa.texto}
          </li>
        ))}
      </ul>
      <p>
        Es importante entenderlas como un mapa y no como una lista de pasos obligatorios. La investigación posterior muestra que no todas
        las personas atraviesan todas las etapas, ni en ese orden: es habitual ir y venir entre ellas, vivir varias a la vez o sentir que
        una ya superada regresa en un aniversario o una fecha especial. Modelos más recientes, como el de proceso dual de Margaret Stroebe y
        Henk Schut, describen el duelo como una oscilación entre momentos centrados en la pérdida y momentos dedicados a reconstruir la vida
        cotidiana. Ambas cosas son necesarias.
      </p>

      <h2 id="normal" className="scroll-mt-24">
        Lo que es normal sentir
      </h2>
      <p>En las primeras semanas y meses es frecuente experimentar, con distinta intensidad:</p>
      <ul>
        <li>Tristeza, llanto inesperado, añoranza intensa y la sensación de que falta una parte de uno mismo.</li>
        <li>Enojo, culpa o alivio, a veces mezclados, sobre todo después de una enfermedad larga.</li>
        <li>Dificultad para concentrarse, olvidos y sensación de irrealidad o de estar «en automático».</li>
        <li>Cambios en el sueño y el apetito, cansancio, opresión en el pecho o un nudo en la garganta.</li>
        <li>Soñar con la persona, creer verla o escucharla, o sentir su presencia.</li>
        <li>Necesidad de hablar mucho de lo ocurrido, o bien de no hablar de ello en absoluto.</li>
      </ul>
      <p>
        Con el tiempo, el dolor no desaparece del todo, pero suele volverse menos abrumador: se alternan días difíciles con otros más
        llevaderos, y poco a poco regresa el interés por las personas y las actividades.
      </p>

      <h2 id="ayuda" className="scroll-mt-24">
        Cuándo buscar ayuda profesional
      </h2>
      <p>
        Pedir ayuda no significa que el duelo se esté viviendo mal. Un acompañamiento psicológico puede ser valioso en cualquier momento, y
        lo es especialmente cuando la pérdida fue traumática o cuando el dolor impide sostener la vida diaria.
      </p>
      <p>
        En una minoría de personas el duelo se queda detenido. Los manuales diagnósticos actuales, la CIE-11 de la Organización Mundial de
        la Salud y el DSM-5-TR de la Asociación Estadounidense de Psiquiatría, reconocen el <strong>trastorno por duelo prolongado</strong>:
        una añoranza o preocupación intensa y persistente por la persona fallecida que, mucho tiempo después de la pérdida (al menos seis
        meses según la CIE-11 y doce meses en adultos según el DSM-5-TR), sigue acompañada de un dolor emocional muy intenso y afecta de
        forma importante la vida familiar, social o laboral, más allá de lo que se espera en la cultura de la persona. Solo un profesional
        puede hacer ese diagnóstico, y existen tratamientos eficaces.
      </p>
      <p>Considera buscar apoyo profesional si, con el paso de los meses:</p>
      <ul>
        <li>La vida parece haber perdido todo sentido o sientes que una parte de ti murió con esa persona.</li>
        <li>No logras aceptar la pérdida o evitas por completo todo lo que te la recuerda.</li>
        <li>Te cuesta retomar el trabajo, los estudios, el cuidado de otros o de ti mismo.</li>
        <li>Aumenta el consumo de alcohol, medicamentos u otras sustancias para soportar el dolor.</li>
      </ul>
      <blockquote>
        <strong>Si piensas en quitarte la vida o en reunirte con la persona que perdiste, busca ayuda hoy mismo.</strong> Llama a la Línea
        de la Vida al <a href="tel:8009112000">800 911 2000</a> (gratuita, las 24 horas) o al <a href="tel:911">911</a> si estás en peligro.
        En <Link to="/contactos-de-apoyo">Contactos de apoyo</Link> encontrarás más opciones.
      </blockquote>

      <h2 id="acompanar" className="scroll-mt-24">
        Cómo acompañar a alguien en duelo
      </h2>
      <p>No hace falta tener las palabras perfectas. Lo que más ayuda suele ser una presencia constante y respetuosa:</p>
      <ul>
        <li>
          <strong>Escucha más de lo que hablas.</strong> Permite que cuente la historia las veces que lo necesite y nombra a la persona que
          murió: recordarla no abre la herida, la acompaña.
        </li>
        <li>
          <strong>Evita las frases que minimizan</strong>, como «ya está en un lugar mejor», «tienes que ser fuerte» o «el tiempo lo cura
          todo». Un sencillo «lo siento mucho, aquí estoy» acompaña más.
        </li>
        <li>
          <strong>Ofrece ayuda concreta:</strong> llevar comida, hacer trámites, cuidar a los niños o acompañar a una cita. «Avísame si
          necesitas algo» suele quedarse sin respuesta.
        </li>
        <li>
          <strong>Sigue presente después del funeral.</strong> Las semanas y meses siguientes, los aniversarios y las fechas especiales
          suelen ser los momentos más solitarios.
        </li>
        <li>
          <strong>Respeta sus tiempos y sus rituales.</strong> Cada persona, familia y cultura vive la pérdida a su manera.
        </li>
        <li>
          <strong>Presta atención a las señales de alarma</strong> descritas arriba y, si aparecen, anímale a buscar apoyo profesional y
          ofrécete a acompañarle.
        </li>
      </ul>

      <h2 id="no-solo" className="scroll-mt-24">
        No tienes que recorrerlo solo
      </h2>
      <p>
        El duelo es una de las experiencias más humanas que existen y, aunque es personal, no tiene por qué vivirse en soledad. Hablar con
        alguien de confianza, unirse a un grupo de apoyo o iniciar un proceso con un psicólogo son formas de cuidarse. Si quieres
        orientación, consulta nuestros <Link to="/contactos-de-apoyo">contactos de apoyo</Link>, donde encontrarás líneas de atención
        gratuitas y centros públicos de salud mental.
      </p>
      <p className="text-sm text-tinta-500">
        Este contenido es informativo y no sustituye la valoración de un profesional de la salud mental.
      </p>
    </article>
  );
}
