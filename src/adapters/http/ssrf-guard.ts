import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { PhishguardError } from '../../errors.js';

export interface GuardOptions {
  /** Allow loopback and private ranges (tests, labs). Said so in every result. */
  allowPrivateNetwork: boolean;
}

/** ipaddr.js range names that are never fetched. */
const BLOCKED_V4 = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'carrierGradeNat',
  'private',
  'reserved',
  'benchmarking',
  'amt',
  'as112',
  'deprecated',
  'orchid2',
]);
const BLOCKED_V6 = new Set([
  'unspecified',
  'linkLocal',
  'multicast',
  'loopback',
  'uniqueLocal',
  'reserved',
  'benchmarking',
  'amt',
  'as112v6',
  'deprecated',
  'orchid2',
  'discard',
  'droneRemoteIdProtocolEntityTags',
]);
const PRIVATE_OK = new Set(['loopback', 'private', 'uniqueLocal']);

/** Why an address may not be connected to, or null when it may. */
export function blockedReason(address: string, opts: GuardOptions): string | null {
  if (!ipaddr.isValid(address)) return `not an IP address: ${address}`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and 6to4/Teredo embed an IPv4 target.
    if (v6.isIPv4MappedAddress()) ip = v6.toIPv4Address();
    else if (v6.match(ipaddr.parseCIDR('64:ff9b::/96')))
      ip = ipaddr.fromByteArray(v6.toByteArray().slice(12));
    else if (['rfc6145', 'rfc6052', '6to4', 'teredo'].includes(v6.range()))
      return `IPv6 transition address ${address} hides its IPv4 target`;
  }
  const range = ip.range();
  const blocked = ip.kind() === 'ipv4' ? BLOCKED_V4 : BLOCKED_V6;
  if (!blocked.has(range)) return null;
  if (opts.allowPrivateNetwork && PRIVATE_OK.has(range)) return null;
  return `${address} is a ${range} address`;
}

/**
 * Checks a URL before any connection: http(s) only, and no host written in an odd IP notation
 * (decimal 2130706433, octal 0177.0.0.1, hex 0x7f000001): WHATWG URL parsing normalises those
 * to dotted IPv4, so the host as typed is compared with the parsed one.
 */
export function checkUrl(raw: string, opts: GuardOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PhishguardError('VALIDATION', 'Please enter a valid HTTP or HTTPS URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PhishguardError('BLOCKED_URL', `only http and https URLs are fetched, not ${url.protocol}`);
  const typedHost =
    /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(raw.trim())?.[1]?.toLowerCase() ?? '';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) === 4 && typedHost !== host)
    throw new PhishguardError(
      'BLOCKED_URL',
      `the host ${typedHost} is an IP address in an unusual notation (${host}); refused`,
    );
  if (isIP(host)) {
    const reason = blockedReason(host, opts);
    if (reason) throw new PhishguardError('BLOCKED_URL', `refused to fetch ${url.origin}: ${reason}`);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A dns.lookup replacement for undici's and node:tls's connect: resolves, then refuses any
 * blocked address, so DNS rebinding and redirects to internal names fail at connect time.
 * `onResolved` records the address actually used.
 */
export function guardedLookup(opts: GuardOptions, onResolved?: (host: string, address: string) => void) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number } | LookupCallback,
    maybeCb?: LookupCallback,
  ): void => {
    const cb = (typeof options === 'function' ? options : maybeCb) as LookupCallback;
    const o = typeof options === 'object' ? options : {};
    dnsLookup(hostname, { all: true, family: o.family ?? 0 }, (err, list) => {
      if (err) return cb(err, '');
      for (const a of list) {
        const reason = blockedReason(a.address, opts);
        if (reason) {
          const e: NodeJS.ErrnoException = new Error(`refused to connect to ${hostname}: ${reason}`);
          e.code = 'EPHISHGUARD_BLOCKED';
          return cb(e, '');
        }
      }
      const first = list[0];
      if (!first)
        return cb(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      onResolved?.(hostname, first.address);
      if (o.all) cb(null, list);
      else cb(null, first.address, first.family);
    });
  };
}
