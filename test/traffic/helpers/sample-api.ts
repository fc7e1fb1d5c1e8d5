// A small JSON API with the traits real traffic has: numeric and UUID ids, owner/name paths, a literal
// `/api/me` beside `/api/users/{id}`, JSON errors, a 204, HTML, text and an image, and secrets in every
// place a HAR records them (bearer token, cookie, set-cookie, a secret query value, a token and a password
// in JSON bodies). The tests record its traffic, through Node's fetch and through Chromium.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../helpers/server.js';
import type { RecordRequest } from './record-har.js';

/** Planted secrets: none may appear in any output. */
export const SECRETS = {
  bearer: 'tfsecretbearer4f1c9e2d7a',
  cookie: 'tfsecretcookie8b3e6a1f0c',
  setCookie: 'tfsecretsetcookie2d9a7c4e',
  queryKey: 'tfsecretquerykey5e8b1d3a',
  bodyToken: 'tfsecretbodytoken9c2f4a6e',
  password: 'tfsecretpassword3a7d1b8c',
} as const;

const users = [
  {
    id: 1,
    name: 'Leanne Graham',
    email: 'Sincere@april.biz',
    address: { city: 'Gwenborough', zip: '92998' },
  },
  { id: 2, name: 'Ervin Howell', email: null, address: { city: 'Wisokyburgh', zip: '90566' } },
  {
    id: 3,
    name: 'Clementine Bauch',
    email: 'Nathan@yesenia.net',
    address: { city: 'McKenziehaven', zip: '59590' },
  },
];
const posts = [
  { id: 11, userId: 1, title: 'sunt aut facere', tags: ['a', 'b'] },
  { id: 12, userId: 1, title: 'qui est esse', tags: [] },
];
const repos: Record<string, object> = {
  'octocat/hello-world': { id: 1296269, full_name: 'octocat/Hello-World', private: false, stars: 80 },
  'octocat/spoon-knife': { id: 1300192, full_name: 'octocat/Spoon-Knife', private: false, stars: 12 },
  'torvalds/linux': { id: 2325298, full_name: 'torvalds/linux', private: false, stars: 170000, topics: [] },
};
const orders: Record<string, object> = {
  '3f2504e0-4f89-11d3-9a0c-0305e82c3301': { total: 12.5, items: [{ sku: 'A1', qty: 2 }] },
  '6fa459ea-ee8a-3ca4-894e-db77e160355e': { total: 3, items: [] },
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** The API's handler. `page` is the HTML the browser loads at `/`. */
export function sampleApi(page: string) {
  return (req: IncomingMessage & { body: string }, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').filter((part) => part !== '');
    const method = req.method ?? 'GET';
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
      return;
    }
    if (url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      return;
    }
    if (url.pathname === '/logo.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
      return;
    }
    if (parts[0] !== 'api') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    const [status, body, headers] = reply(method, url, parts.slice(1), req.body);
    if (status === 204) {
      res.writeHead(204);
      res.end();
    } else {
      sendJson(res, status, body, headers);
    }
  };
}

type Reply = [status: number, body?: unknown, headers?: Record<string, string>];

function reply(method: string, url: URL, [resource, id, sub]: string[], body: string): Reply {
  const notFound: Reply = [404, { message: 'Not Found' }];
  if (resource === 'login' && method === 'POST') {
    return [
      200,
      { token: SECRETS.bodyToken, expires_in: 3600 },
      { 'set-cookie': `session=${SECRETS.setCookie}; HttpOnly; Path=/` },
    ];
  }
  if (resource === 'me') return [200, users[0]];
  if (resource === 'search') {
    const q = url.searchParams.get('q') ?? '';
    return [200, { query: q, hits: users.filter((user) => user.name.includes(q)).length }];
  }
  if (resource === 'users') {
    if (id === undefined) {
      if (method === 'POST') return [201, { id: 4, ...(JSON.parse(body) as object) }];
      return [200, users.slice(0, Number(url.searchParams.get('limit') ?? 10))];
    }
    const user = users.find((candidate) => String(candidate.id) === id);
    if (user === undefined) return [404, { error: 'user not found', status: 404 }];
    if (sub === 'posts') return [200, posts.filter((post) => post.userId === user.id)];
    if (method === 'DELETE') return [204];
    if (method === 'PATCH') return [200, { ...user, ...(JSON.parse(body) as object) }];
    return [200, user];
  }
  if (resource === 'repos') {
    const repo = repos[`${id}/${sub}`];
    return repo === undefined ? notFound : [200, repo];
  }
  if (resource === 'orders') {
    const order = orders[id ?? ''];
    return order === undefined ? notFound : [200, { id, ...order }];
  }
  return notFound;
}

const auth = { authorization: `Bearer ${SECRETS.bearer}`, cookie: `session=${SECRETS.cookie}` };

/** The requests of one session with the API, in order. */
export const SAMPLE_REQUESTS: readonly RecordRequest[] = [
  { method: 'GET', path: '/health' },
  { method: 'POST', path: '/api/login', body: { username: 'leanne', password: SECRETS.password } },
  { method: 'GET', path: '/api/me', headers: auth },
  { method: 'GET', path: '/api/users?limit=2', headers: auth },
  { method: 'GET', path: '/api/users?limit=3&active=true', headers: auth },
  { method: 'GET', path: '/api/users/1', headers: auth },
  { method: 'GET', path: '/api/users/2', headers: auth },
  { method: 'GET', path: '/api/users/99', headers: auth },
  { method: 'GET', path: '/api/users/1/posts', headers: auth },
  { method: 'POST', path: '/api/users', headers: auth, body: { name: 'Kurtis', email: 'k@x.io' } },
  { method: 'PATCH', path: '/api/users/3', headers: auth, body: { name: 'Clem' } },
  { method: 'DELETE', path: '/api/users/3', headers: auth },
  { method: 'GET', path: '/api/repos/octocat/hello-world', headers: auth },
  { method: 'GET', path: '/api/repos/octocat/spoon-knife', headers: auth },
  { method: 'GET', path: '/api/repos/torvalds/linux', headers: auth },
  { method: 'GET', path: '/api/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301', headers: auth },
  { method: 'GET', path: '/api/orders/6fa459ea-ee8a-3ca4-894e-db77e160355e', headers: auth },
  { method: 'GET', path: `/api/search?q=Leanne&api_key=${SECRETS.queryKey}&tag=a&tag=b`, headers: auth },
  { method: 'GET', path: `/api/search?q=Ervin&api_key=${SECRETS.queryKey}`, headers: auth },
  { method: 'GET', path: '/logo.png' },
];

/**
 * The page the browser loads: it shows the image, sets a cookie and, once loaded, sends every API
 * request of SAMPLE_REQUESTS with fetch (the cookie goes with each), then sets `window.done`. The icon
 * is inline, so the browser asks for no favicon and the recording is the same every time.
 */
export function samplePage(): string {
  const api = SAMPLE_REQUESTS.filter(
    (request) => request.path.startsWith('/api/') || request.path === '/health',
  );
  return `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><img src="/logo.png" alt=""><script>
document.cookie = 'session=${SECRETS.cookie}; path=/';
const requests = ${JSON.stringify(api)};
window.addEventListener('load', async () => {
  for (const r of requests) {
    const headers = { ...(r.headers || {}) };
    delete headers.cookie; // the browser sends its own cookie jar
    const init = { method: r.method, headers, credentials: 'same-origin' };
    if (r.body !== undefined) { init.body = JSON.stringify(r.body); init.headers['content-type'] = 'application/json'; }
    const response = await fetch(r.path, init);
    await response.arrayBuffer();
  }
  window.done = true;
});
</script></body></html>`;
}
