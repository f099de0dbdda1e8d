export function documentoAsyncApi(version: string) {
  return { asyncapi: '3.0.0', info: { title: 'MiDuelo', version } };
}
