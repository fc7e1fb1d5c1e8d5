// A small sample API for `npm run demo`, on 127.0.0.1 with a free port. node:http only, works offline.
// Run it alone with `node demo/server.mjs` to try the CLI by hand; Ctrl+C stops it.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { posts, products, todos, users } from './data.mjs';

const COLLECTIONS = { users, posts, todos, products };

/** Finds the response for a path: `/<collection>` or `/<collection>/<id>`. */
function route(pathname) {
  const [name, id, ...rest] = pathname.split('/').filter(Boolean);
  const collection = COLLECTIONS[name];
  if (collection === undefined || rest.length > 0) return undefined;
  if (id === undefined) return collection;
  return collection.find((record) => String(record.id) === decodeURIComponent(id));
}

/** Starts the server; resolves with its base URL and a close function. */
export async function startDemoServer() {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const body = req.method === 'GET' ? route(pathname) : undefined;
    const status = body === undefined ? 404 : 200;
    const text = JSON.stringify(body ?? { error: `No resource at ${req.method} ${pathname}` }, null, 2);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  });
  // Idle connections stay open for the whole demo (close() ends them). With Node's default of 5 s, the
  // demo's type check, which blocks the event loop for seconds on a slow machine, let this server close
  // an idle socket just as the client reused it: ECONNRESET (docs/troubleshooting.md).
  server.keepAliveTimeout = 10 * 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { url } = await startDemoServer();
  console.log(`Demo API on ${url}: /users, /users/1, /posts, /posts/1, /todos, /products`);
}
