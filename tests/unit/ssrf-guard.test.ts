import { describe, expect, it } from 'vitest';
import { blockedReason, checkUrl } from '../../src/adapters/http/ssrf-guard.js';

const on = { allowPrivateNetwork: false };
const lab = { allowPrivateNetwork: true };

describe('SSRF guard address rules', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
  ])('blocks %s', (ip) => {
    expect(blockedReason(ip, on)).not.toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows public %s',
    (ip) => {
      expect(blockedReason(ip, on)).toBeNull();
    },
  );

  it('lab mode allows loopback and private ranges but never link-local metadata or multicast', () => {
    expect(blockedReason('127.0.0.1', lab)).toBeNull();
    expect(blockedReason('::ffff:127.0.0.1', lab)).toBeNull();
    expect(blockedReason('10.0.0.5', lab)).toBeNull();
    expect(blockedReason('169.254.169.254', lab)).toMatch(/linkLocal/);
    expect(blockedReason('::ffff:169.254.169.254', lab)).toMatch(/linkLocal/);
    expect(blockedReason('224.0.0.1', lab)).toMatch(/multicast/);
  });

  it('refuses odd IPv4 notations even for public addresses, and non-web schemes', () => {
    for (const u of [
      'http://0x08080808/',
      'http://134744072/',
      'http://010.010.010.010/',
      'http://8.8.2056/',
    ])
      expect(() => checkUrl(u, lab), u).toThrow(/unusual notation/);
    for (const u of ['ftp://example.com/', 'javascript:alert(1)', 'file:///etc/passwd', 'gopher://x/'])
      expect(() => checkUrl(u, lab), u).toThrow(/only http and https/);
    expect(() => checkUrl('not a url', on)).toThrow('Please enter a valid HTTP or HTTPS URL');
    expect(checkUrl('https://example.com/a?b#c', on).href).toBe('https://example.com/a?b#c');
  });
});
