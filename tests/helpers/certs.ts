import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

export interface Pem {
  cert: string;
  key: string;
}

async function keyPem(key: CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return `-----BEGIN PRIVATE KEY-----\n${Buffer.from(der)
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END PRIVATE KEY-----\n`;
}

/** A CA whose leaf certificates are trusted only when its PEM is passed as `ca`. */
export async function makeCa(): Promise<{ pem: Pem; keys: CryptoKeyPair; cert: x509.X509Certificate }> {
  const keys = (await webcrypto.subtle.generateKey(alg, true, [
    'sign',
    'verify',
  ])) as unknown as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=PhishGuard Test CA, O=PhishGuard Tests',
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 30 * DAY),
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
    ],
  });
  return { pem: { cert: cert.toString('pem'), key: await keyPem(keys.privateKey) }, keys, cert };
}

/** A leaf for `names` (DNS names or IPs), signed by `ca` or self-signed, valid in the given window. */
export async function makeLeaf(opts: {
  names: string[];
  ca?: Awaited<ReturnType<typeof makeCa>>;
  notBefore?: Date;
  notAfter?: Date;
}): Promise<Pem> {
  const keys = (await webcrypto.subtle.generateKey(alg, true, [
    'sign',
    'verify',
  ])) as unknown as CryptoKeyPair;
  const san = new x509.SubjectAlternativeNameExtension(
    opts.names.map((n) =>
      /^[\d.]+$/.test(n) ? { type: 'ip' as const, value: n } : { type: 'dns' as const, value: n },
    ),
  );
  const common = {
    serialNumber: String(Math.floor(Math.random() * 1e9)),
    notBefore: opts.notBefore ?? new Date(Date.now() - DAY),
    notAfter: opts.notAfter ?? new Date(Date.now() + 30 * DAY),
    signingAlgorithm: alg,
    extensions: [san, new x509.BasicConstraintsExtension(false)],
  };
  const cert = opts.ca
    ? await x509.X509CertificateGenerator.create({
        ...common,
        subject: `CN=${opts.names[0]}`,
        issuer: opts.ca.cert.subject,
        publicKey: keys.publicKey,
        signingKey: opts.ca.keys.privateKey,
      })
    : await x509.X509CertificateGenerator.createSelfSigned({ ...common, name: `CN=${opts.names[0]}`, keys });
  return { cert: cert.toString('pem'), key: await keyPem(keys.privateKey) };
}
