import { describe, expect, it } from 'vitest';
import { shippedEngine } from '../helpers/engine.js';

describe('score rules around the model', () => {
  it('caps a message that asks the reader to do nothing below the phishing threshold', () => {
    const a = shippedEngine().analyzeTest({
      subject: 'Hi',
      sender: 'someone@unknown-domain.example',
      content: 'Привет, как дела? Давно не виделись.',
    });
    expect(a.risk_score).toBeLessThan(40);
    expect(a.is_phishing).toBe(false);
  });

  it('treats a contact address elsewhere as a call to action (advance-fee scams)', () => {
    const a = shippedEngine().analyzeTest({
      subject: 'URGENT REPLY',
      sender: 'mrs.wan@unknown-domain.example',
      content:
        'Dear Beloved, I have donated $3,500,000.00 USD to you for charity. Contact my lawyer at claims.office1949@gmail.com with your full name and bank details to receive the funds.',
    });
    expect(a.is_phishing).toBe(true);
  });

  it('does not let a hidden <style> inside <noframes> swallow a lure link', () => {
    const a = shippedEngine().analyzeTest({
      subject: 'prize',
      sender: 'x@promo.example',
      content:
        '<html><noframes><xml><style></xml></noframes><a href="http://203.0.113.9/claim.php">Claim your prize</a></html>',
    });
    expect(a.indicators.map((i) => i.id)).toContain('links.ip_host');
  });
});
