import { describe, expect, it } from 'vitest';
import { ThrottledAudit } from '../../src/app/audit-throttle.js';
import type { AuditEntry, AuditRepo } from '../../src/app/ports.js';

function recorder() {
  const rows: AuditEntry[] = [];
  const repo: AuditRepo = {
    add: async (e) => {
      rows.push(e);
    },
    list: async () => ({ items: [], total: 0 }),
  };
  return { rows, repo };
}

describe('ThrottledAudit', () => {
  it('writes the first event of a kind per address and minute, then one row with the count', async () => {
    const { rows, repo } = recorder();
    let now = 1_000_000;
    const audit = new ThrottledAudit(repo, () => now);
    const hit = (address: string) =>
      audit.add({
        userId: null,
        username: null,
        action: 'gmail.connect',
        address,
        outcome: 'failure',
        detail: { error: 'invalid_state' },
      });
    for (let i = 0; i < 500; i++) await hit('203.0.113.9');
    await hit('198.51.100.2');
    expect(rows).toHaveLength(2);
    now += 61_000;
    await hit('203.0.113.9');
    // The minute is over: the count row for the flood (none for the single hit), then the new hit.
    expect(rows).toHaveLength(4);
    expect(rows[2]?.detail).toMatchObject({ error: 'invalid_state', repeated: 499 });
    expect(rows[3]?.address).toBe('203.0.113.9');
    expect(rows[3]?.detail).not.toHaveProperty('repeated');
    await audit.flush();
    expect(rows).toHaveLength(4);
  });

  it('keeps a bounded number of open kinds', async () => {
    const { rows, repo } = recorder();
    const audit = new ThrottledAudit(repo, () => 0);
    for (let i = 0; i < 5_000; i++)
      for (let k = 0; k < 2; k++)
        await audit.add({ userId: null, username: null, action: 'x', address: `a${i}` });
    // Each address written once, plus one count row per address pushed out or flushed.
    await audit.flush();
    expect(rows).toHaveLength(10_000);
  });
});
