import { Building, Clock, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { CONTACTOS_APOYO, type ContactoApoyo, GRUPOS_CONTACTO, type GrupoContacto } from '@/features/contenido/contactos';

const ORDEN: GrupoContacto[] = ['urgencia', 'cdmx', 'centros', 'profesionales'];

/** 'tel:' targets of a display number ('*0311 o 55 5658 1111' → two links). */
function numeros(telefono: string): { texto: string; href: string }[] {
  return telefono.split(' o ').map((texto) => ({ texto, href: `tel:${texto.replace(/[^\d*+]/g, '')}` }));
}

function TarjetaContacto({ contacto }: { contacto: ContactoApoyo }) {
  return (
    <Card className="flex h-full flex-col p-6">
      <h3 className="font-sans text-lg font-semibold text-tinta-900">{contacto.nombre}</h3>
      <p className="mt-2 flex-1 text-sm text-tinta-600">{contacto.descripcion}</p>
      <dl className="mt-4 space-y-2 text-sm">
        {contacto.telefono ? (
          <div className="flex flex-wrap items-center gap-2">
            <dt className="sr-only">Teléfono</dt>
            {numeros(contacto.telefono).map((n) => (
              <dd key={n.href}>
                <a
                  href={n.href}
                  className="inline-flex items-center gap-2 rounded-lg bg-salvia-50 px-3 py-1.5 font-semibold text-salvia-800 hover:bg-salvia-100"
                >
                  <Phone className="size-4" aria-hidden />
                  {n.texto}
                </a>
              </dd>
            ))}
          </div>
        ) : null}
        {contacto.horario ? (
          <div className="flex items-center gap-2 text-tinta-600">
            <dt>
              <Clock className="size-4" aria-label="Horario" />
            </dt>
            <dd>{contacto.horario}</dd>
          </div>
        ) : null}
        {contacto.ciudad ? (
          <div className="flex items-center gap-2 text-tinta-600">
            <dt>
              <MapPin className="size-4" aria-label="Ciudad" />
            </dt>
            <dd>{contacto.ciudad}</dd>
          </div>
        ) : null}
        <div className="flex items-start gap-2 text-tinta-500">
          <dt>
            {contacto.grupo === 'profesionales' ? (
              <ShieldCheck className="mt-0.5 size-4" aria-label="Fuente" />
            ) : (
              <Building className="mt-0.5 size-4" aria-label="Fuente" />
            )}
          </dt>
          <dd className="text-xs">{contacto.fuente}</dd>
        </div>
      </dl>
    </Card>
  );
}

export function ListaContactos() {
  return (
    <div className="space-y-14">
      {ORDEN.map((grupo) => {
        const contactos = CONTACTOS_APOYO.filter((c) => c.grupo === grupo);
        if (contactos.length === 0) return null;
        const { titulo, descripcion } = GRUPOS_CONTACTO[grupo];
        return (
          <section key={grupo} aria-labelledby={`grupo-${grupo}`}>
            <h2 id={`grupo-${grupo}`} className="text-2xl font-semibold">
              {titulo}
            </h2>
            <p className="mt-1 text-tinta-600">{descripcion}</p>
            <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {contactos.map((c) => (
                <li key={c.nombre}>
                  <TarjetaContacto contacto={c} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
