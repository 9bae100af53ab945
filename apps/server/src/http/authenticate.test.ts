import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './authenticate';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('isSameOrigin', () => {
  it('accepts an Origin naming this host, default ports included', () => {
    expect(isSameOrigin(request({ host: 'localhost:80', origin: 'http://localhost' }))).toBe(true);
    expect(isSameOrigin(request({ host: 'app.example', origin: 'https://app.example', 'sec-fetch-site': 'same-origin' }))).toBe(true);
  });

  it('refuses another host, a cross-site fetch and an unreadable Origin', () => {
    expect(isSameOrigin(request({ host: 'app.example', origin: 'https://evil.example' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'app.example', 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOrigin(request({ host: 'app.example', origin: 'not a url' }))).toBe(false);
  });

  it('lets a request without Origin through unless one is required', () => {
    expect(isSameOrigin(request({ host: 'app.example' }))).toBe(true);
    expect(isSameOrigin(request({ host: 'app.example' }), { requireOrigin: true })).toBe(false);
  });
});
