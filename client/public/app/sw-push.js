// Web Push of the patient's app (imported by the generated service worker). A notification says
// only that something is waiting (no health text travels in a push) and opens the app there.
self.addEventListener('push', (event) => {
  let datos = { titulo: 'MiDuelo', cuerpo: 'Tienes un aviso nuevo.', url: '/app/', etiqueta: 'miduelo' };
  try {
    if (event.data) datos = { ...datos, ...event.data.json() };
  } catch {
    // A payload that is not JSON still shows the generic notice.
  }
  event.waitUntil(
    self.registration.showNotification(datos.titulo, {
      body: datos.cuerpo,
      tag: datos.etiqueta,
      icon: '/app/iconos/icono-192.png',
      badge: '/app/iconos/icono-192.png',
      data: { url: datos.url },
      lang: 'es-MX',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || '/app/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((ventanas) => {
      for (const v of ventanas) {
        if (new URL(v.url).pathname.startsWith('/app') && 'focus' in v) {
          v.navigate(url);
          return v.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
