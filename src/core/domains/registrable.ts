import { parse } from 'tldts';

/** The registrable domain (eTLD+1) of a host name or e-mail address, lower-cased; null when there is none. */
export function registrableDomain(hostOrAddress: string): string | null {
  const host = hostOrAddress.includes('@')
    ? hostOrAddress.slice(hostOrAddress.lastIndexOf('@') + 1)
    : hostOrAddress;
  const info = parse(host.trim().toLowerCase().replace(/\.$/, ''), { allowPrivateDomains: true });
  return info.domain ?? null;
}

export interface HostInfo {
  hostname: string;
  domain: string | null;
  /** The registrable domain without its public suffix ('paypal' for paypal.co.uk). */
  label: string | null;
  subdomain: string;
  publicSuffix: string | null;
  /** Whether the suffix is on the public suffix list (john.smith's "smith" is not). */
  listedSuffix: boolean;
  isIp: boolean;
}

export function hostInfo(hostname: string): HostInfo {
  const h = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const info = parse(h, { allowPrivateDomains: true });
  return {
    hostname: h,
    domain: info.domain ?? null,
    label: info.domainWithoutSuffix ?? null,
    subdomain: info.subdomain ?? '',
    publicSuffix: info.publicSuffix ?? null,
    listedSuffix: info.isIcann === true || info.isPrivate === true,
    isIp: info.isIp === true,
  };
}

/** Parses a URL without throwing; only http(s) and a few risky schemes are of interest. */
export function safeUrl(href: string): URL | null {
  try {
    return new URL(href.trim());
  } catch {
    return null;
  }
}

/**
 * The domain a web link leads to: the registrable domain of an http(s) URL's host, or the host
 * itself when it has none (an IP address); null for anything else (mailto:, a broken URL).
 */
export function webLinkDomain(href: string): string | null {
  const url = safeUrl(href);
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  return registrableDomain(url.hostname) ?? url.hostname;
}
