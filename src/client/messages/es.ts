import type { MessageCatalog } from './index.js';

/** Spanish messages (the table is in docs/client.md, "Messages"). */
export const es = {
  0: 'Error de red. No se pudo contactar con el servidor.',
  400: 'La solicitud es inválida. Verifica los datos enviados.',
  401: 'Necesitas iniciar sesión para continuar.',
  403: 'No tienes permisos para realizar esta acción.',
  404: 'El recurso solicitado no fue encontrado.',
  408: 'La solicitud tardó demasiado en responder.',
  409: 'La solicitud entra en conflicto con el estado actual del recurso.',
  422: 'No se pudieron procesar los datos. Revísalos.',
  429: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  500: 'Ocurrió un error interno en el servidor.',
  502: 'Puerta de enlace incorrecta. El servidor recibió una respuesta inválida.',
  503: 'El servicio no está disponible. Inténtalo de nuevo más tarde.',
  504: 'El servidor tardó demasiado en responder.',
  fallback: 'La solicitud falló (HTTP {status}).',
  circuitOpen: 'El servicio no está disponible temporalmente. Inténtalo de nuevo más tarde.',
  validationFailed: 'La respuesta no tiene la forma esperada.',
  totalTimeout: 'La solicitud no terminó dentro de su tiempo total.',
  invalidJson: 'La respuesta no es un JSON válido.',
  notEventStream: 'La respuesta no es un flujo de eventos (text/event-stream).',
} as const satisfies MessageCatalog;
