import { isIdLike } from './id-like.js';
import { safeDecode } from './safe-decode.js';

/**
 * The path of `url` with every id-like segment (see {@link isIdLike}) replaced by `:id` and empty
 * segments dropped: `/users/42/posts/` -> `/users/:id/posts`. Query and host never take part. Other
 * segments stay percent-encoded as the URL holds them, so the template holds no line break and can go
 * into a comment. Used by the CLI's file header and by capture's endpoint keys.
 */
export function pathTemplate(url: URL): string {
  const segments = url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (isIdLike(safeDecode(segment)) ? ':id' : segment));
  return `/${segments.join('/')}`;
}
