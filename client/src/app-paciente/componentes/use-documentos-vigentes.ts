// The consent documents in force (decision 187), loaded when the screen opens and again on demand
// (after a failure, or when the server says a newer version was published meanwhile).
import { useCallback, useEffect, useState } from 'react';
import { type DocumentoVigente, documentosVigentes } from '../api/cuentas-consentimiento';
import { ErrorApi } from '../lib/api';

export function useDocumentosVigentes({ publica = false }: { publica?: boolean } = {}) {
  const [documentos, setDocumentos] = useState<DocumentoVigente[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cargar = useCallback(async () => {
    setError(null);
    try {
      setDocumentos(await documentosVigentes({ publica }));
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No pudimos cargar los documentos.');
    }
  }, [publica]);
  useEffect(() => {
    void cargar();
  }, [cargar]);
  return { documentos, error, cargar };
}
