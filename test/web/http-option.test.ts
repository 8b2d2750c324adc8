import { describe, expect, it } from 'vitest';
import { dashboardUrl, parseHttpOption } from '../../src/web/http-option.ts';

describe('--http HOST:PORT|off', () => {
  it('reads an address, IPv6 in brackets, or off', () => {
    expect(parseHttpOption('127.0.0.1:8080')).toEqual({ ok: true, value: { host: '127.0.0.1', port: 8080 } });
    expect(parseHttpOption('[::1]:0')).toEqual({ ok: true, value: { host: '::1', port: 0 } });
    expect(parseHttpOption('localhost:80')).toEqual({ ok: true, value: { host: 'localhost', port: 80 } });
    expect(parseHttpOption('off')).toEqual({ ok: true, value: 'off' });
  });

  it('refuses anything else in a sentence', () => {
    for (const bad of ['8080', '127.0.0.1', '127.0.0.1:99999', ':8080', 'on', 'http://127.0.0.1:8080'])
      expect(parseHttpOption(bad)).toMatchObject({ ok: false, error: expect.stringMatching(/--http takes HOST:PORT/) });
  });

  it('says the address people open', () => {
    expect(dashboardUrl({ host: '127.0.0.1', port: 8080 })).toBe('http://127.0.0.1:8080/');
    expect(dashboardUrl({ host: '0.0.0.0', port: 8080 })).toBe('http://127.0.0.1:8080/');
    expect(dashboardUrl({ host: '::1', port: 80 })).toBe('http://[::1]:80/');
  });
});
