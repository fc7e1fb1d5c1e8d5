// A small local API for the examples, on 127.0.0.1. Start it, then point an example at it:
//
//   node examples/server.mjs            # prints: Example API listening on http://127.0.0.1:3000
//   API_URL=http://127.0.0.1:3000 node examples/pagination.mjs
//
// PORT picks the port (0: any free port). GET /stats returns how many requests each route received.
import { createServer } from 'node:http';

const PRODUCTS = [
  { id: 1, name: 'Desk lamp', category: 'home', price: 35 },
  { id: 2, name: 'Espresso cup', category: 'kitchen', price: 9 },
  { id: 3, name: 'Chef knife', category: 'kitchen', price: 89 },
  { id: 4, name: 'Cutting board', category: 'kitchen', price: 25 },
  { id: 5, name: 'Armchair', category: 'home', price: 240 },
  { id: 6, name: 'Kettle', category: 'kitchen', price: 45 },
  { id: 7, name: 'Tea towel', category: 'kitchen', price: 7 },
];

const USERS = {
  1: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
  // Breaks the contract the validation example expects: no email, and the id is a string.
  2: { id: '2', name: 'Grace Hopper' },
};

const REFRESH_TOKEN = 'example-refresh-token';

function createExampleApi() {
  const stats = {};
  const issued = new Set();
  let flakyCalls = 0;

  const send = (res, status, body, headers = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  };

  const routes = {
    // Fails twice with 503, then succeeds; and again, in rounds of three.
    'GET /flaky': (_req, res) => {
      flakyCalls += 1;
      if (flakyCalls % 3 !== 0) return send(res, 503, { error: 'warming up' });
      return send(res, 200, { ok: true, attempt: flakyCalls });
    },
    'GET /down': (_req, res) => send(res, 500, { error: 'the database is down' }),
    // Trades the refresh token for a new access token.
    'POST /auth/refresh': (_req, res, body) => {
      if (body?.refreshToken !== REFRESH_TOKEN) return send(res, 401, { error: 'bad refresh token' });
      const token = `access-${issued.size + 1}`;
      issued.add(token);
      return send(res, 200, { accessToken: token });
    },
    // Only tokens this server issued are valid; anything else (an expired token) gets 401.
    'GET /me': (req, res) => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (token === undefined || !issued.has(token)) return send(res, 401, { error: 'token expired' });
      return send(res, 200, USERS[1]);
    },
    // json-server style: page, limit, sort, order and filters as query parameters; the total in X-Total-Count.
    'GET /products': (_req, res, _body, query) => {
      let items = PRODUCTS.filter(
        (item) => !query.has('category') || item.category === query.get('category'),
      );
      const sort = query.get('sort');
      if (sort !== null) {
        const direction = query.get('order') === 'desc' ? -1 : 1;
        items = [...items].sort((a, b) =>
          a[sort] < b[sort] ? -direction : a[sort] > b[sort] ? direction : 0,
        );
      }
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 10);
      send(res, 200, items.slice((page - 1) * limit, page * limit), {
        'x-total-count': String(items.length),
      });
    },
    'GET /users/1': (_req, res) => send(res, 200, USERS[1]),
    'GET /users/2': (_req, res) => send(res, 200, USERS[2]),
    'GET /stats': (_req, res) => send(res, 200, stats),
  };

  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const key = `${req.method} ${url.pathname}`;
      if (key !== 'GET /stats') stats[key] = (stats[key] ?? 0) + 1;
      const text = Buffer.concat(chunks).toString('utf8');
      let body;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'the body is not JSON' });
      }
      const route = routes[key];
      if (route === undefined) return send(res, 404, { error: `no route ${key}` });
      return route(req, res, body, url.searchParams);
    });
  });
}

const server = createExampleApi();
const port = Number(process.env.PORT ?? 3000);
server.listen(port, '127.0.0.1', () => {
  console.log(`Example API listening on http://127.0.0.1:${server.address().port}`);
});
// Ctrl+C or a test's kill: close at once, whatever connections are open.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
