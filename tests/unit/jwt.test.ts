import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { Hs256 } from '../../src/app/jwt.js';

const NOW = 1_800_000_000;
const jwt = new Hs256('secret-one');
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('HS256 access tokens', () => {
  it('round-trips and interoperates with another JWT implementation', async () => {
    const payload = { sub: '7', iat: NOW, exp: NOW + 60 };
    expect(jwt.verify(jwt.sign(payload), NOW)).toEqual(payload);
    expect(jwt.verify(await sign(payload, 'secret-one', 'HS256'), NOW)).toEqual(payload);
  });

  it('refuses expired, not-yet-valid, re-signed, tampered and unsigned tokens', async () => {
    const good = jwt.sign({ sub: '7', exp: NOW + 60 });
    const [head, , sig] = good.split('.');
    expect(jwt.verify(good, NOW + 60)).toBeNull();
    expect(jwt.verify(jwt.sign({ sub: '7', exp: NOW + 60, nbf: NOW + 10 }), NOW)).toBeNull();
    expect(jwt.verify(jwt.sign({ sub: '7' }), NOW)).toBeNull();
    expect(jwt.verify(new Hs256('secret-two').sign({ sub: '7', exp: NOW + 60 }), NOW)).toBeNull();
    expect(jwt.verify(`${head}.${b64({ sub: '1', exp: NOW + 60 })}.${sig}`, NOW)).toBeNull();
    expect(jwt.verify(`${b64({ alg: 'none' })}.${b64({ sub: '7', exp: NOW + 60 })}.`, NOW)).toBeNull();
    expect(jwt.verify(await sign({ sub: '7', exp: NOW + 60 }, 'secret-one', 'HS512'), NOW)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', '...', `${head}.%%%.${sig}`])
      expect(jwt.verify(junk, NOW)).toBeNull();
  });
});
