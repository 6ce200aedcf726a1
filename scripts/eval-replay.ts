// npm run eval:replay: a mailbox replayed in date order through sender history and marks.
// The dev split's legitimate mail (newsletters, account mail, lists, personal mail) and phishing
// arrive one by one into one user's store, scored as imports score them (history applied); the
// simulated user marks each false positive safe and each missed phishing as phishing when it
// arrives. Printed: flagged legitimate mail and phishing recall with and without history, the
// number of marks, and the same for the last half of the replay.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createUser } from '../src/app/accounts.js';
import { createEngine } from '../src/app/engine.js';
import { relearn, withHistory } from '../src/app/sender-history.js';
import { openSqliteStore } from '../src/store/index.js';
import { readCorpus, type CorpusMessage } from './lib/corpus.js';

const messages: CorpusMessage[] = [];
for await (const m of readCorpus('dev')) if (m.label !== 'spam') messages.push(m);
messages.sort((a, b) => a.date.localeCompare(b.date) || a.ordinal - b.ordinal);
console.log(`replaying ${messages.length} dev messages (legitimate and phishing) in date order`);

const dir = mkdtempSync(join(tmpdir(), 'pg-replay-'));
const store = openSqliteStore(dir);
const user = await createUser(store, { username: 'replay', password: 'replay-password', isAdmin: false });
const mailbox = await store.mailboxes.ensure({ userId: user.id, kind: 'local', address: 'replay' });
const engine = createEngine();

interface Outcome {
  label: CorpusMessage['label'];
  source: string;
  base: boolean;
  withHistory: boolean;
  seenSender: boolean;
  /** Raised because the user marked this sender as phishing earlier. */
  markedSender: boolean;
}
const outcomes: Outcome[] = [];
const senders = new Set<string>();
let marks = 0;
const started = Date.now();
for (const [i, m] of messages.entries()) {
  // As if the replayed mailbox's own server had written each message's topmost
  // Authentication-Results (what Gmail's mx.google.com lines are for a Gmail user).
  const authserv = /^Authentication-Results:\s*([^;\s]+)/im.exec(m.raw.toString('latin1'))?.[1];
  const { analysis: base } = await engine.analyzeRaw(m.raw, {
    trustedAuthServIds: authserv ? [authserv] : [],
  });
  const scored = await withHistory(store, user.id, base);
  const { id } = await store.emails.insertAnalysed(
    {
      mailboxId: mailbox.id,
      providerId: `${m.source}:${m.ordinal}`,
      messageId: null,
      subject: base.subject,
      sender: base.sender.address ?? '',
      receivedAt: m.date ? new Date(m.date).toISOString() : null,
      snippet: '',
      size: m.raw.length,
      raw: null,
      links: [],
    },
    scored,
  );
  const sender = base.sender.address?.toLowerCase() ?? '';
  outcomes.push({
    label: m.label,
    source: m.source,
    base: base.is_phishing,
    withHistory: scored.is_phishing,
    seenSender: senders.has(sender),
    markedSender: scored.indicators.some((i) => i.id === 'history.marked_phishing'),
  });
  senders.add(sender);
  // The user reacts to what they see: a false alarm is marked safe, a missed phishing marked.
  if (m.label === 'legit' && scored.is_phishing) {
    await store.emails.setStatus([id], user.id, 'safe', 'replay');
    await relearn(store, user.id, [id]);
    marks++;
  } else if (m.label === 'phishing' && !scored.is_phishing) {
    await store.emails.setStatus([id], user.id, 'phishing', 'replay');
    await relearn(store, user.id, [id]);
    marks++;
  }
  if (i % 1000 === 0 && i > 0) process.stderr.write(`  ${i} messages\n`);
}
await store.close();
rmSync(dir, { recursive: true, force: true });

const pct = (xs: Outcome[], f: (o: Outcome) => boolean) =>
  xs.length
    ? `${((100 * xs.filter(f).length) / xs.length).toFixed(2)}% (${xs.filter(f).length}/${xs.length})`
    : '-';
const report = (title: string, xs: Outcome[]) => {
  const legit = xs.filter((o) => o.label === 'legit');
  const phishing = xs.filter((o) => o.label === 'phishing');
  const seenLegit = legit.filter((o) => o.seenSender);
  console.log(`\n${title}`);
  console.log(
    `  legitimate flagged: without history ${pct(legit, (o) => o.base)}, with history ${pct(legit, (o) => o.withHistory)}`,
  );
  console.log(
    `  legitimate from senders seen before, flagged: without ${pct(seenLegit, (o) => o.base)}, with ${pct(seenLegit, (o) => o.withHistory)}`,
  );
  console.log(
    `  phishing caught: without history ${pct(phishing, (o) => o.base)}, with history ${pct(phishing, (o) => o.withHistory)}`,
  );
  console.log(
    `  phishing from a sender address the user had marked phishing: ${pct(phishing, (o) => o.markedSender)}`,
  );
  const bySource = [...new Set(legit.map((o) => o.source))].map(
    (s) =>
      `${s} ${pct(
        legit.filter((o) => o.source === s),
        (o) => o.withHistory,
      )}`,
  );
  console.log(`  legitimate flagged per source (with history): ${bySource.join('; ')}`);
};
report(
  `whole replay (${((Date.now() - started) / 1000).toFixed(0)} s; the user made ${marks} marks)`,
  outcomes,
);
report('last half of the replay', outcomes.slice(Math.floor(outcomes.length / 2)));
