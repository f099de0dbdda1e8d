import { TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useExpedienteEnVivo } from '../use-expediente-en-vivo';
import { HistorialTests } from './historial-tests';
import { NotasPanel } from './notas-panel';
import { TestsDisponibles } from './tests-disponibles';

type Subtab = 'historial' | 'disponibles' | 'notas';

/** 'Gráficas y Notas' ('Evaluaciones y Notas del Paciente', spec 1 §2, spec 2 §2): three sub-tabs,
 * Historial de Tests by default; after a test is applied the view returns to Historial. */
export default function PestanaGraficas({ idPaciente }: { idPaciente: number }) {
  const [subtab, setSubtab] = useState<Subtab>('historial');
  const [filtroTest, setFiltroTest] = useState<number | null>(null);
  const vivo = useExpedienteEnVivo(idPaciente, filtroTest);

  return (
    <section aria-labelledby="titulo-graficas" className="flex flex-col gap-4">
      <h2 id="titulo-graficas" className="font-serif text-2xl font-semibold text-tinta-900">
        {TEXTOS_EXPEDIENTE.titulo}
      </h2>
      <Tabs value={subtab} onValueChange={(v) => setSubtab(v as Subtab)}>
        <TabsList aria-label={TEXTOS_EXPEDIENTE.titulo} className="grid grid-cols-1 sm:flex">
          <TabsTrigger value="historial">{TEXTOS_EXPEDIENTE.subtabs.historial}</TabsTrigger>
          <TabsTrigger value="disponibles">{TEXTOS_EXPEDIENTE.subtabs.disponibles}</TabsTrigger>
          <TabsTrigger value="notas">{TEXTOS_EXPEDIENTE.subtabs.notas}</TabsTrigger>
        </TabsList>
        <TabsContent value="historial">
          <HistorialTests vivo={vivo} filtroTest={filtroTest} onFiltro={setFiltroTest} />
        </TabsContent>
        <TabsContent value="disponibles">
          <TestsDisponibles
            vivo={vivo}
            idPaciente={idPaciente}
            onAplicado={(a) => {
              vivo.nuevaAplicacion(a);
              setSubtab('historial');
            }}
          />
        </TabsContent>
        <TabsContent value="notas">
          <NotasPanel vivo={vivo} idPaciente={idPaciente} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
