import { brandOwns, brandsIn } from '../../domains/brands.js';
import { findLookalike } from '../../domains/lookalike.js';
import { registrableDomain } from '../../domains/registrable.js';
import type { Indicator } from '../types.js';
import { indicator, type Signal } from './context.js';

const FREEMAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'aol.com',
  'icloud.com',
  'mail.ru',
  'yandex.ru',
  'gmx.com',
  'gmx.de',
  'protonmail.com',
  'proton.me',
  'zoho.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'mail.com',
]);

/** From vs Reply-To vs Return-Path, display-name tricks, lookalike sender domains. */
export const senderSignals: Signal = ({ email, popular, senderDomain }) => {
  const out: Indicator[] = [];
  const from = email.from;
  if (!from || !senderDomain) return out;

  const replyDomains = [
    ...new Set(email.replyTo.map((r) => registrableDomain(r.address)).filter((d): d is string => !!d)),
  ];
  for (const rd of replyDomains) {
    if (rd === senderDomain) continue;
    out.push(
      indicator({
        id: 'sender.reply_to_mismatch',
        family: 'sender',
        severity: 'medium',
        weight: FREEMAIL.has(rd) ? 0.3 : 0.15,
        explanation:
          'Replies go to a different domain than the sender’s, a common way to take over the conversation.',
        evidence: [`From: ${from.address}`, `Reply-To: ${email.replyTo.map((r) => r.address).join(', ')}`],
      }),
    );
  }

  const rp = email.returnPath ? registrableDomain(email.returnPath.replace(/[<>]/g, '')) : null;
  if (rp && rp !== senderDomain && !replyDomains.includes(rp)) {
    out.push(
      indicator({
        id: 'sender.return_path_mismatch',
        family: 'sender',
        severity: 'low',
        weight: 0.05,
        explanation:
          'The bounce address (Return-Path) belongs to another domain; normal for mailing services, but worth a look.',
        evidence: [`From: ${from.address}`, `Return-Path: ${email.returnPath}`],
      }),
    );
  }

  const embedded = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+/.exec(from.name)?.[0]?.toLowerCase();
  if (embedded && embedded !== from.address && registrableDomain(embedded) !== senderDomain) {
    out.push(
      indicator({
        id: 'sender.display_name_address',
        family: 'sender',
        severity: 'high',
        weight: 0.4,
        explanation:
          'The display name shows a different e-mail address than the one that actually sent the message.',
        evidence: [`From: "${from.name}" <${from.address}>`],
      }),
    );
  }

  const brands = brandsIn(from.name, { allowCommonWords: true }).filter((b) => !brandOwns(b, senderDomain));
  if (brands.length > 0) {
    out.push(
      indicator({
        id: 'sender.brand_display_name',
        family: 'sender',
        severity: FREEMAIL.has(senderDomain) ? 'high' : 'medium',
        weight: FREEMAIL.has(senderDomain) ? 0.45 : 0.3,
        explanation: `The sender calls itself ${brands.join(', ')} but writes from ${senderDomain}, which that brand does not use.`,
        evidence: [`From: "${from.name}" <${from.address}>`],
      }),
    );
  }

  const look = findLookalike(from.address.slice(from.address.lastIndexOf('@') + 1), popular);
  if (look) {
    out.push(
      indicator({
        id: 'sender.lookalike_domain',
        family: 'lookalike',
        severity: 'high',
        weight: 0.5,
        explanation: `The sender's domain imitates ${look.imitates ?? 'a well-known domain'} (${look.kind}).`,
        evidence: [look.detail],
      }),
    );
  }
  return out;
};
