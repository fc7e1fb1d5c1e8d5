import { describe, expect, it } from 'vitest';
import { displayUrl, redactSecrets } from '../../../src/cli/terminal/redact.js';

describe('displayUrl', () => {
  it('replaces userinfo, user and password alike', () => {
    expect(displayUrl(new URL('https://me:hunter22@api.example.com/users'))).toBe(
      'https://[REDACTED]@api.example.com/users',
    );
    expect(displayUrl(new URL('https://token123@api.example.com/'))).toBe(
      'https://[REDACTED]@api.example.com/',
    );
    expect(displayUrl('http://a:b@c@[broken')).toBe('http://[REDACTED]@[broken');
  });

  it('replaces the values of secret query parameters, any case, and leaves the rest as written', () => {
    expect(
      displayUrl(new URL('https://h/p?page=2&API_KEY=abc&Token=t%20x&q=a+b&access_token=z&sig=s#frag')),
    ).toBe(
      'https://h/p?page=2&API_KEY=[REDACTED]&Token=[REDACTED]&q=a+b&access_token=[REDACTED]&sig=[REDACTED]#frag',
    );
  });

  it('leaves an ordinary URL untouched', () => {
    expect(displayUrl(new URL('http://127.0.0.1:8080/api/v1/users?page=1'))).toBe(
      'http://127.0.0.1:8080/api/v1/users?page=1',
    );
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence of each secret', () => {
    expect(redactSecrets('a s3cret b s3cret c tokenX', ['s3cret', 'tokenX'])).toBe(
      'a [REDACTED] b [REDACTED] c [REDACTED]',
    );
  });

  it('ignores values shorter than 4 characters so messages stay readable', () => {
    expect(redactSecrets('HTTP 401: Unauthorized', ['1', '', '401'])).toBe('HTTP 401: Unauthorized');
  });
});
