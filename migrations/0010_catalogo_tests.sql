-- The test catalogue (decision 100): three instruments with their items, scoring rules and bands.
-- Item wording is MiDuelo's Spanish rendering; sources and licences are in docs/decisions/100.
INSERT INTO "test" ("clave","nombre","descripcion","tipo_escala","desplazamiento","bandas_validadas","fuente","fecha_creacion") VALUES ('itrd','Inventario Texas Revisado de Duelo (ITRD)','Mide la intensidad del duelo: la parte I (preguntas 1 a 8) se refiere a cómo se sintió y actuó en el tiempo en que ocurrió la muerte; la parte II (preguntas 9 a 21), a cómo se siente ahora. Responda qué tan de acuerdo está con cada frase: 1 = completamente falsa … 5 = completamente verdadera. Puntaje de 21 a 105; las bandas son descriptivas (tercios del rango), no puntos de corte validados.','likert_5',0,false,'Faschingbauer TR (1981), Texas Revised Inventory of Grief; adaptación al castellano: García-García JA, Landa V, Trigueros MC, Gaminde I. Aten Primaria 2005;35(7):353-8. Redacción de los reactivos en MiDuelo: ver decisión 100.','2026-11-23T12:00:00Z');--> statement-breakpoint
INSERT INTO "test_pregunta" ("id_test","orden","texto_pregunta","tipo_respuesta","inversa","alerta")
SELECT t.id_test, v.orden, v.texto, v.tipo, v.inversa, v.alerta FROM "test" t, (VALUES
  (1,'Tras su muerte me costaba relacionarme con algunas personas.','escala',false,false),
  (2,'Tras su muerte me costaba concentrarme en mi trabajo o en mis tareas.','escala',false,false),
  (3,'Tras su muerte perdí el interés por mi familia, mis amistades y mis actividades fuera de casa.','escala',false,false),
  (4,'Sentía la necesidad de hacer las cosas que él o ella había querido hacer.','escala',false,false),
  (5,'Después de su muerte estaba más irritable de lo normal.','escala',false,false),
  (6,'En los primeros meses después de su muerte me sentía incapaz de realizar mis actividades habituales.','escala',false,false),
  (7,'Me sentía enojado/a porque me había dejado.','escala',false,false),
  (8,'Tras su muerte me costaba dormir.','escala',false,false),
  (9,'Todavía tengo ganas de llorar cuando pienso en él o ella.','escala',false,false),
  (10,'Todavía me pongo triste cuando pienso en él o ella.','escala',false,false),
  (11,'No puedo aceptar su muerte.','escala',false,false),
  (12,'A veces lo/la extraño mucho.','escala',false,false),
  (13,'Todavía me resulta doloroso traer a la memoria sus recuerdos.','escala',false,false),
  (14,'A menudo me quedo absorto/a pensando en él o ella.','escala',false,false),
  (15,'Lloro a escondidas cuando pienso en él o ella.','escala',false,false),
  (16,'Nadie podrá ocupar jamás el lugar que él o ella dejó en mi vida.','escala',false,false),
  (17,'No puedo dejar de pensar en él o ella.','escala',false,false),
  (18,'Creo que no es justo que haya muerto.','escala',false,false),
  (19,'Las cosas y las personas que me rodean todavía me hacen recordarlo/la.','escala',false,false),
  (20,'Soy incapaz de aceptar su muerte.','escala',false,false),
  (21,'A veces todavía siento la necesidad de llorar por él o ella.','escala',false,false)
) AS v(orden, texto, tipo, inversa, alerta) WHERE t.clave = 'itrd';--> statement-breakpoint
INSERT INTO "test_banda" ("id_test","minimo","maximo","interpretacion","riesgo")
SELECT t.id_test, v.minimo, v.maximo, v.interpretacion, v.riesgo FROM "test" t, (VALUES
  (21,49,'Intensidad de duelo baja (banda descriptiva, no validada)',false),
  (50,77,'Intensidad de duelo moderada (banda descriptiva, no validada)',false),
  (78,105,'Intensidad de duelo alta (banda descriptiva, no validada): valorar seguimiento cercano',true)
) AS v(minimo, maximo, interpretacion, riesgo) WHERE t.clave = 'itrd';--> statement-breakpoint
INSERT INTO "test" ("clave","nombre","descripcion","tipo_escala","desplazamiento","bandas_validadas","fuente","fecha_creacion") VALUES ('icg','Inventario de Duelo Complicado (IDC)','Explora síntomas de duelo complicado durante el último mes. Responda con qué frecuencia le ocurre cada cosa: 1 = nunca, 2 = rara vez, 3 = algunas veces, 4 = a menudo, 5 = siempre. El instrumento puntúa cada respuesta de 0 a 4 (se resta 1): total de 0 a 76. Un total mayor de 25 es el punto de corte publicado para posible duelo complicado; no sustituye la entrevista clínica.','likert_5',-1,true,'Prigerson HG y cols. Inventory of Complicated Grief. Psychiatry Res 1995;59:65-79 (punto de corte > 25); adaptación al castellano: Limonero JT, Lacasta M, García JA, Maté J, Prigerson HG. Med Paliat 2009;16(5):291-7. Redacción de los reactivos en MiDuelo: ver decisión 100.','2026-11-23T12:00:00Z');--> statement-breakpoint
INSERT INTO "test_pregunta" ("id_test","orden","texto_pregunta","tipo_respuesta","inversa","alerta")
SELECT t.id_test, v.orden, v.texto, v.tipo, v.inversa, v.alerta FROM "test" t, (VALUES
  (1,'Pienso tanto en la persona que falleció que me resulta difícil hacer las cosas que hacía normalmente.','escala',false,false),
  (2,'Los recuerdos de la persona que falleció me alteran.','escala',false,false),
  (3,'Siento que no puedo aceptar la muerte de la persona que falleció.','escala',false,false),
  (4,'Añoro a la persona que falleció.','escala',false,false),
  (5,'Me siento atraído/a por los lugares y las cosas relacionados con la persona que falleció.','escala',false,false),
  (6,'No puedo evitar sentir enojo por su muerte.','escala',false,false),
  (7,'No puedo creer lo que sucedió.','escala',false,false),
  (8,'Me siento aturdido/a o pasmado/a por lo que sucedió.','escala',false,false),
  (9,'Desde que falleció me resulta difícil confiar en la gente.','escala',false,false),
  (10,'Desde que falleció siento que he perdido la capacidad de interesarme por los demás, o me siento distante de las personas que quiero.','escala',false,false),
  (11,'Tengo dolores en la misma zona del cuerpo, o algunos de los síntomas, que tenía la persona que falleció.','escala',false,false),
  (12,'Hago lo posible por evitar lo que me recuerda a la persona que falleció.','escala',false,false),
  (13,'Siento que la vida está vacía sin la persona que falleció.','escala',false,false),
  (14,'Escucho la voz de la persona que falleció hablándome.','escala',false,false),
  (15,'Veo a la persona que falleció de pie frente a mí.','escala',false,false),
  (16,'Siento que es injusto que yo viva cuando esta persona ha muerto.','escala',false,false),
  (17,'Siento amargura por la muerte de esta persona.','escala',false,false),
  (18,'Siento envidia de otras personas que no han perdido a alguien cercano.','escala',false,false),
  (19,'Desde que falleció me siento solo/a la mayor parte del tiempo.','escala',false,false)
) AS v(orden, texto, tipo, inversa, alerta) WHERE t.clave = 'icg';--> statement-breakpoint
INSERT INTO "test_banda" ("id_test","minimo","maximo","interpretacion","riesgo")
SELECT t.id_test, v.minimo, v.maximo, v.interpretacion, v.riesgo FROM "test" t, (VALUES
  (0,25,'Por debajo del punto de corte publicado (≤ 25)',false),
  (26,76,'Por encima del punto de corte publicado (> 25): posible duelo complicado; valorar evaluación clínica',true)
) AS v(minimo, maximo, interpretacion, riesgo) WHERE t.clave = 'icg';--> statement-breakpoint
INSERT INTO "test" ("clave","nombre","descripcion","tipo_escala","desplazamiento","bandas_validadas","fuente","fecha_creacion") VALUES ('tamizaje-duelo','Tamizaje de factores de riesgo en duelo (Sí/No)','Lista de verificación de factores de riesgo de duelo complicado descritos en la literatura. No es un instrumento validado: cuenta los factores presentes (0 a 8) y sus bandas son descriptivas. Un «Sí» en la pregunta sobre pensamientos de hacerse daño marca el resultado como de riesgo sea cual sea el total.','si_no',0,false,'Elaborado para MiDuelo a partir de factores de riesgo de duelo complicado descritos en la literatura (p. ej., Lobb EA y cols. Death Stud 2010;34:673-98). No validado. Licencia: la del proyecto.','2026-11-23T12:00:00Z');--> statement-breakpoint
INSERT INTO "test_pregunta" ("id_test","orden","texto_pregunta","tipo_respuesta","inversa","alerta")
SELECT t.id_test, v.orden, v.texto, v.tipo, v.inversa, v.alerta FROM "test" t, (VALUES
  (1,'¿La muerte fue repentina, inesperada o violenta (accidente, suicidio, homicidio)?','si_no',false,false),
  (2,'¿La persona que falleció era su hijo o hija, su pareja, o alguien de quien dependía?','si_no',false,false),
  (3,'¿Han pasado más de seis meses y el dolor sigue tan intenso como al principio?','si_no',false,false),
  (4,'¿Le cuesta realizar sus actividades diarias (trabajo, estudio, cuidado personal) desde la pérdida?','si_no',false,false),
  (5,'¿Ha tenido antes depresión, ansiedad u otro problema de salud mental?','si_no',false,false),
  (6,'¿Cuenta con personas (familia, amistades) con quienes pueda hablar de la pérdida?','si_no',true,false),
  (7,'¿Ha aumentado su consumo de alcohol, tabaco u otras sustancias desde la pérdida?','si_no',false,false),
  (8,'¿Ha tenido pensamientos de hacerse daño o de no querer seguir viviendo?','si_no',false,true),
  (9,'Describa brevemente la pérdida (quién falleció, cuándo y cómo se enteró).','texto',false,false)
) AS v(orden, texto, tipo, inversa, alerta) WHERE t.clave = 'tamizaje-duelo';--> statement-breakpoint
INSERT INTO "test_banda" ("id_test","minimo","maximo","interpretacion","riesgo")
SELECT t.id_test, v.minimo, v.maximo, v.interpretacion, v.riesgo FROM "test" t, (VALUES
  (0,2,'Pocos factores de riesgo señalados (banda descriptiva, no validada)',false),
  (3,5,'Varios factores de riesgo: considerar seguimiento cercano (banda descriptiva, no validada)',false),
  (6,8,'Muchos factores de riesgo: valorar evaluación de duelo complicado (banda descriptiva, no validada)',true)
) AS v(minimo, maximo, interpretacion, riesgo) WHERE t.clave = 'tamizaje-duelo';--> statement-breakpoint
ANALYZE "test";--> statement-breakpoint
ANALYZE "test_pregunta";--> statement-breakpoint
ANALYZE "test_banda";
