import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, statusMessage } from '../../../src/client/messages/index.js';
import { type ApiError, createApiClient, type Locale } from '../../../src/index.js';
import { createTestServer, type TestServer } from '../../helpers/server.js';

/** Answers `/<status>` with that status and no body. */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer((req, res) => {
    res.writeHead(Number((req.url ?? '').split('?')[0]?.slice(1)));
    res.end();
  });
});
afterAll(() => server.close());

const failure = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as ApiError,
  );

// Copied by hand from spec.md and decisions: these strings must stay verbatim.
const TABLE: ReadonlyArray<[number, string, string]> = [
  [400, 'Invalid request. Please check your data.', 'La solicitud es inválida. Verifica los datos enviados.'],
  [401, 'You must be signed in to continue.', 'Necesitas iniciar sesión para continuar.'],
  [
    403,
    'You don\u2019t have permission for this the service.',
    'No tienes permisos para realizar esta acción.',
  ],
  [404, 'Resource not found.', 'El recurso solicitado no fue encontrado.'],
  [
    409,
    'The request conflicts with the current state of the resource.',
    'La solicitud entra en conflicto con el estado actual del recurso.',
  ],
  [408, 'The request timed out.', 'La solicitud tardó demasiado en responder.'],
  [422, 'The data could not be processed. Please check it.', 'No se pudieron procesar los datos. Revísalos.'],
  [
    429,
    'Too many requests. Please try again later.',
    'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
  ],
  [500, 'Internal server error.', 'Ocurrió un error interno en el servidor.'],
  [
    502,
    'Bad gateway. The server received an invalid response.',
    'Puerta de enlace incorrecta. El servidor recibió una respuesta inválida.',
  ],
  [
    503,
    'The service is unavailable. Please try again later.',
    'El servicio no está disponible. Inténtalo de nuevo más tarde.',
  ],
  [504, 'The server took too long to respond.', 'El servidor tardó demasiado en responder.'],
  [418, 'The request failed (HTTP 418).', 'La solicitud falló (HTTP 418).'],
  [501, 'The request failed (HTTP 501).', 'La solicitud falló (HTTP 501).'],
];

describe('built-in messages by status', () => {
  it.each(TABLE)('%i in English and Spanish', async (status, english, spanish) => {
    const en = await failure(createApiClient({ baseUrl: server.url }).get(`/${status}`));
    expect(en.status).toBe(status);
    expect(en.message).toBe(english);
    const es = await failure(createApiClient({ baseUrl: server.url, locale: 'es' }).get(`/${status}`));
    expect(es.message).toBe(spanish);
  });

  it('keeps the spec five byte for byte (typographic apostrophe in 403)', () => {
    expect(catalogs.en[403]).toBe('You don’t have permission for this the service.');
    expect(catalogs.en[403].codePointAt(7)).toBe(0x2019);
    expect([catalogs.en[400], catalogs.en[401], catalogs.en[404], catalogs.en[500]]).toEqual([
      'Invalid request. Please check your data.',
      'You must be signed in to continue.',
      'Resource not found.',
      'Internal server error.',
    ]);
    expect([
      catalogs.es[400],
      catalogs.es[401],
      catalogs.es[403],
      catalogs.es[404],
      catalogs.es[500],
    ]).toEqual([
      'La solicitud es inválida. Verifica los datos enviados.',
      'Necesitas iniciar sesión para continuar.',
      'No tienes permisos para realizar esta acción.',
      'El recurso solicitado no fue encontrado.',
      'Ocurrió un error interno en el servidor.',
    ]);
  });

  it('has the network (0), circuit-open and validation messages in both languages', () => {
    expect(statusMessage(0, 'en', undefined)).toBe('Network error. The server could not be reached.');
    expect(statusMessage(0, 'es', undefined)).toBe('Error de red. No se pudo contactar con el servidor.');
    expect(catalogs.en.circuitOpen).toBe('The service is temporarily unavailable. Please try again later.');
    expect(catalogs.es.circuitOpen).toBe(
      'El servicio no está disponible temporalmente. Inténtalo de nuevo más tarde.',
    );
    expect(catalogs.en.validationFailed).toBe('The response does not have the expected shape.');
    expect(catalogs.es.validationFailed).toBe('La respuesta no tiene la forma esperada.');
  });

  it('gives both locales exactly the same keys', () => {
    expect(Object.keys(catalogs.es).sort()).toEqual(Object.keys(catalogs.en).sort());
  });
});

describe('locale resolution', () => {
  it('uses errorLocale of the request over the client locale', async () => {
    const api = createApiClient({ baseUrl: server.url, locale: 'en' });
    expect((await failure(api.get('/404', { errorLocale: 'es' }))).message).toBe(
      'El recurso solicitado no fue encontrado.',
    );
    const spanish = createApiClient({ baseUrl: server.url, locale: 'es' });
    expect((await failure(spanish.get('/404', { errorLocale: 'en' }))).message).toBe('Resource not found.');
  });

  it('defaults to English', async () => {
    expect((await failure(createApiClient({ baseUrl: server.url }).get('/401'))).message).toBe(
      'You must be signed in to continue.',
    );
  });

  it.each([
    ['locale', { locale: 'fr' }],
    ['locale', { locale: 'EN' }],
  ] as const)('rejects a bad %s with a RangeError naming the value', (_option, config) => {
    expect(() => createApiClient(config as unknown as { locale: Locale })).toThrow(
      new RangeError(`locale must be 'en' or 'es', got "${config.locale}"`),
    );
  });

  it('rejects a bad errorLocale', async () => {
    await expect(
      createApiClient({ baseUrl: server.url }).get('/404', { errorLocale: 'de' as Locale }),
    ).rejects.toThrow(new RangeError(`options.errorLocale must be 'en' or 'es', got "de"`));
  });
});

describe('errorMessages overrides', () => {
  const api = (locale: Locale) =>
    createApiClient({
      baseUrl: server.url,
      locale,
      // Partial at both levels: only en 404 and 418, and es 500.
      errorMessages: {
        en: { 404: 'No such thing.', 418: 'Teapot {status}!' },
        es: { 500: 'Falló el servidor.' },
      },
    });

  it('overrides the message of that locale and status', async () => {
    expect((await failure(api('en').get('/404'))).message).toBe('No such thing.');
    expect((await failure(api('es').get('/500'))).message).toBe('Falló el servidor.');
  });

  it('keeps built-ins for statuses and locales not overridden', async () => {
    expect((await failure(api('en').get('/500'))).message).toBe('Internal server error.');
    expect((await failure(api('es').get('/404'))).message).toBe('El recurso solicitado no fue encontrado.');
  });

  it('overrides a status without a built-in, replacing {status}', async () => {
    expect((await failure(api('en').get('/418'))).message).toBe('Teapot 418!');
    expect((await failure(api('es').get('/418'))).message).toBe('La solicitud falló (HTTP 418).');
  });

  it('follows errorLocale of the request for the override too', async () => {
    expect((await failure(api('en').get('/500', { errorLocale: 'es' }))).message).toBe('Falló el servidor.');
  });

  it('rejects a non-string override, naming the path', () => {
    expect(() => createApiClient({ errorMessages: { en: { 404: 42 as unknown as string } } })).toThrow(
      new TypeError('errorMessages.en.404 must be a string, got 42'),
    );
  });

  it('rejects an unknown locale key', () => {
    expect(() => createApiClient({ errorMessages: { fr: {} } as never })).toThrow(
      new RangeError(`errorMessages key must be 'en' or 'es', got "fr"`),
    );
  });
});
