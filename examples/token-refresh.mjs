// Token refresh with interceptors: the request interceptor adds the current access token before every
// attempt; the response interceptor sees a 401, gets a new token, and the retry policy sends the
// request once more, now with the new token.
//   API_URL=http://127.0.0.1:3000 node examples/token-refresh.mjs   (start examples/server.mjs first)
import { createApiClient } from 'typefetch';

const baseUrl = process.env.API_URL ?? process.argv[2] ?? 'http://127.0.0.1:3000';

// Tokens as an app would keep them; the access token has expired already.
let accessToken = 'expired-access-token';
const refreshToken = process.env.REFRESH_TOKEN ?? 'example-refresh-token';
let refreshes = 0;

// The refresh call goes through its own client: no interceptors, so a 401 there cannot loop.
const auth = createApiClient({ baseUrl });
// 401s that arrive while a refresh is running wait for it instead of starting another.
let refreshing;
function refresh() {
  refreshing ??= auth
    .post('/auth/refresh', { refreshToken })
    .then(({ accessToken: fresh }) => {
      accessToken = fresh;
      refreshes += 1;
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

const api = createApiClient({
  baseUrl,
  interceptors: {
    request: (url, init) => [
      url,
      { ...init, headers: { ...init.headers, authorization: `Bearer ${accessToken}` } },
    ],
    response: async (response) => {
      if (response.status === 401) await refresh();
      return response;
    },
  },
  // A 401 is retried once (after the refresh above); nothing else is.
  retryPolicy: {
    maxRetries: 1,
    initialDelayMs: 1,
    shouldRetry: (error, attempt) => error.status === 401 && attempt === 1,
  },
});

const me = await api.get('/me');
console.log(`signed in as ${me.name} after ${refreshes} refresh`);
const again = await api.get('/me');
console.log(`second call: ${again.email}, still ${refreshes} refresh`);
// Tokens are secrets: print whether we have one, never the token itself.
console.log(`access token renewed: ${accessToken !== 'expired-access-token'}`);
