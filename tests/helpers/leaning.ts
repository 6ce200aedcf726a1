import { loadPopularDomains } from '../../src/adapters/data/load.js';
import { analyzeParsed, parseRawEmail, parseTestEmail, PhishingModel } from '../../src/core/index.js';

/** A model with no features: it reads every message at probability `p` (sigmoid of its bias). */
export function constantModel(p: number): PhishingModel {
  return new PhishingModel(
    new Float64Array(0),
    new Float32Array(0),
    Math.log(p / (1 - p)),
    { a: 1, b: 0 },
    'test',
  );
}

/** A model that reads everything as phishing (0.8), for rules that must hold such a message. */
const leaning = constantModel(0.8);
const popular = loadPopularDomains();

/** Pasted text (subject, sender, content) scored with the leaning model. */
export function pastedLeaning(subject: string, sender: string, content: string) {
  return analyzeParsed(parseTestEmail({ subject, sender, content }), { popular, model: leaning });
}

/** A plain-text message (From, Subject, any other headers, body) scored with the leaning model. */
export async function fullLeaning(from: string, subject: string, headers: string[], body: string) {
  const raw = [
    `From: ${from}`,
    'To: jana@example.org',
    `Subject: ${subject}`,
    ...headers,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\r\n');
  return analyzeParsed(await parseRawEmail(Buffer.from(raw)), { popular, model: leaning });
}
