// Crisis language in forum posts and topic titles (docs/decisions/162), and in a patient's chat
// messages (decision 338). A post or message that matches is still published; its author sees the
// crisis lines, and the forum's moderators or the patient's psychologist are alerted.
//
// The list is DATA, kept here so that the server (detection) and the tests read the same phrases.
// How to maintain it:
// - Phrases are written in lower case without accents; texts are compared the same way (accents,
//   case and repeated spaces do not matter: "Me quiero MORIR" and "me quiero morír" both match).
// - A phrase matches on word boundaries ("matarme" does not match inside "desmatarme").
// - Prefer phrases a person writes about themself (first person) over single words: "suicidio"
//   alone appears in grief after a loved one's suicide, which is exactly what these forums hold,
//   and alerting on every such post would drown the moderators (and a psychologist reads that word
//   in her patients' messages every week). Those posts are not blocked either.
// - False positives cost a moderator's glance; false negatives may cost more. When in doubt, add.
// Sources: the warning signs of suicide listed by the Mexican Secretaría de Salud / Línea de la Vida
// and by the WHO's guide for media, phrased as people write them in Mexican Spanish.

export const FRASES_CRISIS: readonly string[] = [
  // Wish to die
  'me quiero morir',
  'quiero morirme',
  'quisiera morirme',
  'quisiera estar muerto',
  'quisiera estar muerta',
  'ojala me muriera',
  'ojala estuviera muerto',
  'ojala estuviera muerta',
  'ya no quiero vivir',
  'no quiero seguir viviendo',
  'no quiero vivir mas',
  'no le encuentro sentido a vivir',
  'no tiene sentido seguir viviendo',
  'prefiero estar muerto',
  'prefiero estar muerta',
  'mejor me muero',
  'quiero irme con el',
  'quiero irme con ella',
  'quiero reunirme con el',
  'quiero reunirme con ella',
  // Suicidal intent or plan
  'me voy a matar',
  'voy a matarme',
  'quiero matarme',
  'pienso matarme',
  'pienso en matarme',
  'he pensado en matarme',
  'me quiero suicidar',
  'quiero suicidarme',
  'voy a suicidarme',
  'pienso suicidarme',
  'pienso en suicidarme',
  'he pensado en suicidarme',
  'pensamientos suicidas',
  'quitarme la vida',
  'me voy a quitar la vida',
  'acabar con mi vida',
  'terminar con mi vida',
  'ponerle fin a mi vida',
  'acabar con todo',
  'desaparecer para siempre',
  'ya tengo las pastillas',
  'tomarme todas las pastillas',
  'carta de despedida',
  'esta es mi despedida',
  'nadie me va a extranar',
  'nadie me extranaria',
  'serian mas felices sin mi',
  'estarian mejor sin mi',
  'soy una carga',
  // Self-harm
  'hacerme dano',
  'me hago dano',
  'lastimarme',
  'me corto',
  'cortarme las venas',
  'autolesion',
  'autolesionarme',
];

/** Lower case, no accents, one space between words (the list's own form). */
export function normalizarParaCrisis(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const NORMALIZADAS = FRASES_CRISIS.map(normalizarParaCrisis);

/** True when the text holds one of the phrases, on word boundaries. */
export function contieneLenguajeDeCrisis(texto: string): boolean {
  const t = ` ${normalizarParaCrisis(texto)} `;
  return NORMALIZADAS.some((f) => t.includes(` ${f} `));
}
