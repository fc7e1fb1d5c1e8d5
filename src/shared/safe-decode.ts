/**
 * `decodeURIComponent`, except that a malformed escape (`%zz`) leaves the text as written instead of
 * throwing: a path segment or a URL password is still usable, and still recognisable, undecoded.
 */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
