import { type KeyboardEvent, useCallback, useMemo, useState } from 'react';
import * as v from 'valibot';

type Esquema = v.GenericSchema;

/** First message of each field of a failed parse ('campo' → message). */
function erroresPorCampo(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Record<string, string> {
  const planos = v.flatten(issues);
  const errores: Record<string, string> = {};
  for (const [campo, mensajes] of Object.entries(planos.nested ?? {})) {
    const primero = (mensajes as string[] | undefined)?.[0];
    if (primero) errores[campo] = primero;
  }
  if (planos.root?.[0]) errores._ = planos.root[0];
  return errores;
}

/** Digit-only inputs: any printable key other than a digit is blocked (spec 1 §5). */
export function soloDigitos(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) e.preventDefault();
}

/**
 * Form state validated by a shared valibot schema. Errors are computed from the values on every
 * change; a field shows its error once it was edited or left (live messages of spec 1 §5).
 */
export function useForm<S extends Esquema, V extends v.InferInput<S> & object>(schema: S, inicial: V) {
  type Campo = Extract<keyof V, string>;
  const [valores, setValores] = useState<V>(inicial);
  const [tocados, setTocados] = useState<Partial<Record<Campo, boolean>>>({});
  const [erroresServidor, setErroresServidor] = useState<Partial<Record<string, string>>>({});

  const resultado = useMemo(() => v.safeParse(schema, valores), [schema, valores]);
  const errores = useMemo(() => (resultado.success ? {} : erroresPorCampo(resultado.issues)), [resultado]) as Partial<
    Record<string, string>
  >;

  const cambiar = useCallback(<K extends Campo>(campo: K, valor: V[K]) => {
    setValores((actual) => ({ ...actual, [campo]: valor }));
    setTocados((t) => (t[campo] ? t : { ...t, [campo]: true }));
    setErroresServidor((e) => (e[campo] ? { ...e, [campo]: undefined } : e));
  }, []);

  const tocar = useCallback((campo: Campo) => {
    setTocados((t) => (t[campo] ? t : { ...t, [campo]: true }));
  }, []);

  const tocarTodo = useCallback(() => {
    setTocados(Object.fromEntries(Object.keys(inicial).map((k) => [k, true])) as Partial<Record<Campo, boolean>>);
  }, [inicial]);

  const reiniciar = useCallback(
    (nuevos: V = inicial) => {
      setValores(nuevos);
      setTocados({});
      setErroresServidor({});
    },
    [inicial],
  );

  /** The message to show under a field, if any. */
  const errorDe = (campo: Campo): string | undefined => erroresServidor[campo] ?? (tocados[campo] ? errores[campo] : undefined);

  /** The props of a text input bound to a field: its value, a change that marks it edited, a blur. */
  const entrada = (campo: Campo) => ({
    value: (valores[campo] ?? '') as string,
    onChange: (e: { target: { value: string } }) => cambiar(campo, e.target.value as V[typeof campo]),
    onBlur: () => tocar(campo),
  });
  /** The same for a digits-only field of at most `max` digits (a licence, a phone number). */
  const entradaDigitos = (campo: Campo, max: number) => ({
    ...entrada(campo),
    inputMode: 'numeric' as const,
    maxLength: max,
    onKeyDown: soloDigitos,
    onChange: (e: { target: { value: string } }) => cambiar(campo, e.target.value.replace(/\D/g, '').slice(0, max) as V[typeof campo]),
  });

  return {
    valores,
    entrada,
    entradaDigitos,
    setValores,
    cambiar,
    tocar,
    tocarTodo,
    reiniciar,
    errores,
    errorDe,
    setErroresServidor,
    resultado,
  };
}
