/**
 * The small JSON the client benchmark's loopback server answers every request with
 * (bench/lib/json-server.mjs), and the body the no-network variants hand back
 * (bench/workers/client-overhead.mjs). "Every feature on" validates it (bench/workers/full-config.mjs).
 */
export const USER_BODY = JSON.stringify({
  id: 1,
  name: 'Leanne Graham',
  username: 'Bret',
  email: 'Sincere@april.biz',
  active: true,
  roles: ['admin', 'editor'],
});
