import { describe, expect, it } from 'vitest';
import { withoutBanners, withoutSubjectTags } from '../../src/core/email/gateway.js';
import { parseRawEmail, parseTestEmail } from '../../src/core/index.js';
import { messageView } from '../../src/core/email/view.js';
import { shippedEngine } from '../helpers/engine.js';

const CAUTION =
  'CAUTION: This email originated from outside of the organization. Do not click links or open attachments unless you recognize the sender and know the content is safe.';

/** A raw message from headers and one body part. */
const mail = (headers: string[], type: string, body: string) =>
  Buffer.from(
    [...headers, 'MIME-Version: 1.0', `Content-Type: ${type}; charset=utf-8`, '', body, ''].join('\r\n'),
  );

describe('what a mail gateway adds to outside mail', () => {
  it('takes gateway tags out of a subject, and leaves the word "external" in one', () => {
    expect(withoutSubjectTags('[EXTERNAL]Re: Suggested clarification')).toBe('Re: Suggested clarification');
    expect(withoutSubjectTags('RE: [EXTERNAL] [PATCH V2 net-next 09/13]')).toBe(
      'RE: [PATCH V2 net-next 09/13]',
    );
    expect(withoutSubjectTags('#Extern_Re: AW: #Extern_Re: question')).toBe('Re: AW: Re: question');
    expect(withoutSubjectTags('[USRP-users] Re: [EXTERNAL]USRP N321')).toBe('[USRP-users] Re: USRP N321');
    expect(withoutSubjectTags('EXTERNAL: Invoice 3321')).toBe('Invoice 3321');
    expect(withoutSubjectTags('[EXT] Payment')).toBe('Payment');
    expect(withoutSubjectTags('Next steps for your external hard drive')).toBe(
      'Next steps for your external hard drive',
    );
  });

  it('takes the banners gateways write (as quoted in public list archives) off the head of a text', () => {
    const banners = [
      'CAUTION: This email is originated from outside of the organization. Do not click links or open attachments unless you recognize the sender and know the content is safe.',
      'CAUTION: This email originated from outside of the organization. Please make sure the sender is who they say they are and do not click links or open attachments unless you recognize the sender and know the content is safe.',
      "[You don't often get email from someone@example.com. Learn why this is important at https://aka.ms/LearnAboutSenderIdentification ]",
      "[Some people who received this message don't often get email from someone@example.com. Learn why this is important at https://aka.ms/LearnAboutSenderIdentification ]",
      '[Vous ne recevez pas souvent de courriers de someone@example.com. Découvrez pourquoi ceci est important à https://aka.ms/LearnAboutSenderIdentification ]',
      'EXTERNAL EMAIL: Do not click links or open attachments unless you know the content is safe',
      '[ EXTERNAL EMAIL ]',
      'Warnung: Achtung - Diese E-Mail stammt von einer externen Quelle. Seien Sie vorsichtig mit Links und Anhängen.\n\nWarning: Attention - This e-mail is from an external source. Be careful with links and attachments.',
      'ACHTUNG: Diese E-Mail stammt von einem externen Kontakt. Bitte gehen Sie mit Anhängen oder enthaltenen Links vorsichtig um.',
      'CYBER SECURITY WARNING: This email is from an external source - be careful of attachments and links',
    ];
    for (const banner of banners)
      expect(withoutBanners(`${banner}\n\nHi Anna,\nthe meeting moved to Friday.`).trim()).toBe(
        'Hi Anna,\nthe meeting moved to Friday.',
      );
    // Proofpoint's, between its markers (a text part carries them), wherever it is.
    const marked = [
      'ZjQcmQRYFpfptBannerStart',
      'This message was sent from outside of Texas Instruments.',
      'Do not click links or open attachments unless you recognize the source',
      'of this email and know the content is safe.',
      'Report Suspicious',
      '<https://us-phishalarm-ewt.proofpoint.com/EWT/v1/G3vK!uldq91elFod7SsXEXBPp$>',
      'ZjQcmQRYFpfptBannerEnd',
      '',
      'Hi Anna,\nthe meeting moved to Friday.',
    ].join('\n');
    expect(withoutBanners(marked).trim()).toBe('Hi Anna,\nthe meeting moved to Friday.');
    // Without its markers (read from HTML), by its words: the organisation's name is the gateway's.
    expect(
      withoutBanners(
        'This message was sent from outside of Texas Instruments. Do not click links or open attachments unless you recognize the source\nof this email and know the content is safe.\n\nHi Anna,\nthe meeting moved to Friday.',
      ).trim(),
    ).toBe('Hi Anna,\nthe meeting moved to Friday.');
    // A sender saying where its own mail comes from is not a gateway's banner.
    const own = 'Diese E-Mail stammt von SMARTCARL, dem offiziellen digitalen System Ihrer Hausverwaltung.';
    expect(withoutBanners(own)).toBe(own);
    // The first-contact tip in a language without a pattern is found by its link's words.
    expect(
      withoutBanners('Sie erhalten nicht oft E-Mails von a@example.com. Warum ist das wichtig?\nHallo Anna', [
        'Warum ist das wichtig?',
      ]),
    ).toBe('Hallo Anna');
  });

  it('scores a tagged and bannered list post as the post itself, and shows the subject as it came', async () => {
    const headers = (subject: string) => [
      'From: Robert Jones via USRP-users <usrp-users@lists.ettus.com>',
      'Reply-To: Robert Jones <robert.jones@example.edu>',
      'To: usrp-users@lists.ettus.com',
      `Subject: ${subject}`,
    ];
    const body =
      'Hi all,\n\nMy X410 does not power on after the last firmware update. The front LED stays off.\nAny ideas what to check before I send it back?\n\nThanks,\nRobert\n';
    const plain = (
      await shippedEngine().analyzeRaw(mail(headers('[USRP-users] X410 not powering on'), 'text/plain', body))
    ).analysis;
    const tagged = (
      await shippedEngine().analyzeRaw(
        mail(headers('[EXTERNAL] [USRP-users] X410 not powering on'), 'text/plain', `${CAUTION}\n\n${body}`),
      )
    ).analysis;
    // The gateway's tag ahead of the list's hid the list, and its Reply-To read as a mismatch.
    expect(tagged.indicators.map((i) => i.id)).not.toContain('sender.reply_to_mismatch');
    expect(tagged.risk_score).toBe(plain.risk_score);
    expect(tagged.indicators.map((i) => i.id)).toEqual(plain.indicators.map((i) => i.id));
    expect(tagged.subject).toBe('[EXTERNAL] [USRP-users] X410 not powering on');
  });

  it('reads an HTML message without Microsoft’s first-contact tip, its link or its words', async () => {
    const headers = [
      'From: Stadtwerke Kundenservice <service@stadtwerke-beispiel.de>',
      'To: anna@example.org',
      'Subject: Ihre Jahresabrechnung 2026',
    ];
    const letter =
      '<p>Guten Tag Frau Berger,</p><p>Ihre Jahresabrechnung 2026 steht in Ihrem Kundenkonto bereit: <a href="https://www.stadtwerke-beispiel.de/konto">www.stadtwerke-beispiel.de/konto</a>.</p><p>Freundliche Grüße<br>Ihre Stadtwerke</p>';
    const tip =
      '<table><tr><td>Sie erhalten nicht oft E-Mails von service@stadtwerke-beispiel.de. <a href="https://aka.ms/LearnAboutSenderIdentification">Warum ist das wichtig?</a></td></tr></table>';
    const plain = await shippedEngine().analyzeRaw(
      mail(headers, 'text/html', `<html><body>${letter}</body></html>`),
    );
    const tipped = await shippedEngine().analyzeRaw(
      mail(headers, 'text/html', `<html><body>${tip}${letter}</body></html>`),
    );
    expect(tipped.parsed.links.map((l) => l.href)).toEqual(plain.parsed.links.map((l) => l.href));
    expect(tipped.parsed.text).not.toContain('Warum ist das wichtig');
    expect(tipped.parsed.text).not.toContain('nicht oft');
    expect(tipped.analysis.risk_score).toBe(plain.analysis.risk_score);
    // Shown to a person, the message is as it came: the tip and its link are there.
    const raw = mail(headers, 'text/html', `<html><body>${tip}${letter}</body></html>`);
    const view = await messageView(raw);
    expect(view.text).toContain('Sie erhalten nicht oft E-Mails von');
    expect(view.links.map((l) => l.url)).toContain('https://aka.ms/LearnAboutSenderIdentification');
  });

  it('drops Proofpoint’s "Report Suspicious" button from an HTML banner, with its words', async () => {
    const headers = ['From: Anna <anna@partner.example>', 'To: bob@example.org', 'Subject: Friday'];
    const letter =
      '<p>Hi Bob,</p><p>The meeting moved to Friday, see <a href="https://partner.example/agenda">the agenda</a>.</p>';
    const banner =
      '<div style="display:none">ZjQcmQRYFpfptBannerStart</div><table><tr><td><b>This Message Is From an External Sender</b><br>This message came from outside your organization.</td><td><a href="https://us-phishalarm-ewt.proofpoint.com/EWT/v1/ACWV5N9M2RV99hQ!Op20OCZE8kFi$">Report Suspicious</a></td></tr></table><div style="display:none">ZjQcmQRYFpfptBannerEnd</div>';
    const plain = await shippedEngine().analyzeRaw(
      mail(headers, 'text/html', `<html><body>${letter}</body></html>`),
    );
    const bannered = await shippedEngine().analyzeRaw(
      mail(headers, 'text/html', `<html><body>${banner}${letter}</body></html>`),
    );
    expect(bannered.parsed.links.map((l) => l.href)).toEqual(plain.parsed.links.map((l) => l.href));
    expect(bannered.parsed.text).not.toMatch(/Report Suspicious|External Sender|outside your organization/);
    expect(bannered.analysis.risk_score).toBe(plain.analysis.risk_score);
  });

  it('takes the banner and tag off pasted text too', async () => {
    // The text and subject as read (a lure's score, at 100 either way, would not show it).
    const lure = 'Your mailbox is full. Verify your account within 24 hours or it will be closed.';
    const pasted = parseTestEmail({
      subject: '[EXTERNAL] Mailbox full',
      sender: 'IT <it@mail-desk.example>',
      content: `${CAUTION}\n\n${lure}`,
    });
    expect(pasted.text.trim()).toBe(lure);
    expect([pasted.subject, pasted.subjectAsSent]).toEqual(['Mailbox full', '[EXTERNAL] Mailbox full']);
    const parsed = await parseRawEmail(
      mail(['From: a@example.com', 'Subject: [EXTERNAL] Hi'], 'text/plain', 'Hello'),
    );
    expect([parsed.subject, parsed.subjectAsSent]).toEqual(['Hi', '[EXTERNAL] Hi']);
  });
});
