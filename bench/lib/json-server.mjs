/**
 * The loopback server of the client benchmark, run as its own process so it never competes with the
 * client's event loop. A minimal HTTP/1.1 keep-alive server on `net`: every request (GET, no body, so
 * it ends at the blank line) gets the same prebuilt small JSON response. It costs far less per request
 * than node:http, so the clients' own cost is what the benchmark sees.
 *
 * Prints `{"port":N}` on stdout when listening; exits when stdin closes (its parent went away).
 */
import { createServer } from 'node:net';
import { USER_BODY as body } from './user-body.mjs';

const response = Buffer.from(
  'HTTP/1.1 200 OK\r\n' +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: keep-alive\r\n' +
    'Keep-Alive: timeout=60\r\n' +
    '\r\n' +
    body,
);
const END = Buffer.from('\r\n\r\n');

const server = createServer((socket) => {
  socket.setNoDelay(true);
  // Bytes of an unfinished request head carried over to the next chunk (at most 3 are needed).
  let tail = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    const data = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
    let count = 0;
    let from = 0;
    for (let at = data.indexOf(END, from); at !== -1; at = data.indexOf(END, from)) {
      count++;
      from = at + 4;
    }
    tail = data.subarray(Math.max(from, data.length - 3));
    if (count === 1) socket.write(response);
    else if (count > 1) socket.write(Buffer.concat(Array.from({ length: count }, () => response)));
  });
  socket.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
