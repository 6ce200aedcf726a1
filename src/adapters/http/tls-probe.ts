import { X509Certificate } from 'node:crypto';
import { connect, type PeerCertificate } from 'node:tls';
import type { TlsCertificateInfo } from '../../core/url/types.js';
import { guardedLookup, type GuardOptions } from './ssrf-guard.js';

const ERRORS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate expired',
  CERT_NOT_YET_VALID: 'certificate not yet valid',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in chain (untrusted)',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted chain: issuer not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted chain: issuer not trusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted chain: issuer unknown',
  CERT_REVOKED: 'certificate revoked',
};

/**
 * The certificate a server presents, as presented: connects without rejecting, then reports
 * Node's own verdict (authorizationError) and checks the name with X509Certificate.checkHost.
 */
export function probeTls(
  hostname: string,
  port: number,
  opts: GuardOptions & { timeoutMs: number; ca?: string[] },
): Promise<TlsCertificateInfo> {
  return new Promise((resolve) => {
    const errors: string[] = [];
    const socket = connect({
      host: hostname,
      port,
      servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname,
      rejectUnauthorized: false,
      lookup: guardedLookup(opts) as never,
      ...(opts.ca ? { ca: opts.ca } : {}),
      ALPNProtocols: ['http/1.1'],
    });
    const done = (info: TlsCertificateInfo) => {
      socket.destroy();
      resolve(info);
    };
    socket.setTimeout(opts.timeoutMs, () => done(failed('TLS handshake timed out')));
    socket.on('error', (err) => done(failed(`TLS handshake failed: ${err.message}`)));
    socket.on('secureConnect', () => {
      const peer: PeerCertificate = socket.getPeerCertificate(false);
      if (!peer?.raw) return done(failed('server presented no certificate'));
      const x509 = new X509Certificate(peer.raw);
      const now = Date.now();
      const notBefore = Date.parse(x509.validFrom);
      const notAfter = Date.parse(x509.validTo);
      const isExpired = now > notAfter;
      const notYet = now < notBefore;
      const selfSigned = x509.issuer === x509.subject && x509.checkIssued(x509);
      const hostMatches =
        (/^[\d.]+$|:/.test(hostname) ? x509.checkIP(hostname) : x509.checkHost(hostname)) !== undefined;
      const authErr = socket.authorizationError ? String(socket.authorizationError) : null;
      if (authErr) errors.push(ERRORS[authErr] ?? authErr.toLowerCase().replace(/_/g, ' '));
      if (isExpired && !errors.includes('certificate expired')) errors.push('certificate expired');
      if (notYet && !errors.includes('certificate not yet valid')) errors.push('certificate not yet valid');
      if (selfSigned && !errors.some((e) => e.startsWith('self-signed')))
        errors.push('self-signed certificate');
      if (!hostMatches) errors.push(`hostname mismatch: certificate is not valid for ${hostname}`);
      done({
        is_valid: errors.length === 0,
        is_expired: isExpired,
        not_yet_valid: notYet,
        self_signed: selfSigned,
        hostname_matches: hostMatches,
        validation_errors: errors,
        subject: x509.subject.replace(/\n/g, ', '),
        issuer_organization:
          /(?:^|\n)O=([^\n]+)/.exec(x509.issuer)?.[1] ?? /(?:^|\n)CN=([^\n]+)/.exec(x509.issuer)?.[1] ?? null,
        not_after: new Date(notAfter).toISOString(),
      });
    });
  });
}

function failed(message: string): TlsCertificateInfo {
  return {
    is_valid: false,
    is_expired: false,
    not_yet_valid: false,
    self_signed: false,
    hostname_matches: false,
    validation_errors: [message],
    subject: null,
    issuer_organization: null,
    not_after: null,
  };
}
