import { beforeAll, describe, expect, it } from 'vitest';
import { parseRawEmail } from '../../src/core/index.js';
import { fixture, shippedEngine } from '../helpers/engine.js';

const ZOOM = `Maria Lopez is inviting you to a scheduled Zoom meeting.

Topic: Q3 budget review
Time: Dec 4, 2026 10:00 AM Berlin

Join Zoom Meeting
https://us02web.zoom.us/j/81234567890?pwd=abcDEF123

Meeting ID: 812 3456 7890
Passcode: 123456

One tap mobile
+496938079883,,81234567890#,,,,*123456# Germany

Find your local number: https://us02web.zoom.us/u/kabc
`;

/** The Google Calendar invitation fixture's text, with `extra` written into its description. */
let invitationText = '';
beforeAll(async () => {
  invitationText = (await parseRawEmail(fixture('legit-calendar-invitation.eml'))).text;
});
function googleInvitation(extra = ''): string {
  expect(invitationText).toContain('Join with Google Meet');
  return invitationText.replace('Join with Google Meet', `${extra}Join with Google Meet`);
}

const mail = (from: string, subject: string, body: string) =>
  Buffer.from(
    `From: ${from}\r\nTo: tom@example.org\r\nSubject: ${subject}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`,
  );
const ids = (a: { indicators: { id: string }[] }) => a.indicators.map((i) => i.id);

describe('meeting invitations', () => {
  it('does not flag a colleague’s Google Calendar or Zoom invitation for its words', async () => {
    const google = (await shippedEngine().analyzeRaw(fixture('legit-calendar-invitation.eml'))).analysis;
    expect(ids(google)).toContain('content.meeting_invitation');
    expect(google.risk_score).toBeLessThanOrEqual(39);
    expect(google.summary).toMatch(/^Low risk \(\d+\/100\): it is a meeting invitation/);
    const zoom = (
      await shippedEngine().analyzeRaw(
        mail('Maria Lopez <maria@partner-firm.example>', 'Q3 budget review', ZOOM),
      )
    ).analysis;
    expect(ids(zoom)).toContain('content.meeting_invitation');
    expect(zoom.risk_score).toBeLessThanOrEqual(39);
    // Pasted text can have lost a lure's link behind its words, so it is not read so there.
    const pasted = shippedEngine().analyzeTest({
      subject: 'Q3 budget review',
      sender: 'Maria Lopez <maria@partner-firm.example>',
      content: ZOOM,
    });
    expect(ids(pasted)).not.toContain('content.meeting_invitation');
  });

  it('does not read an invitation so when it leads elsewhere or reads as a bill', async () => {
    const from = 'Maria Lopez <maria@partner-firm.example>';
    const subject = 'Invitation: Q3 review @ Thu 4 Dec 2026';
    for (const extra of [
      // A link off the meeting service: the organiser's page, or a lure's.
      'Review the shared payroll document before the meeting: https://payroll-docs-review.example/login\n\n',
      // A Google document is its author's content, not the invitation's.
      'Agenda: https://docs.google.com/document/d/1abc/edit\n\n',
      // A call-back scam sent as an invitation: its number is not a dial-in.
      'Your PayPal payment of $499.99 to Norton LifeLock has been processed. If you did not authorize this charge, call our billing department at +1 (808) 555-0199 to cancel.\n\n',
    ]) {
      const a = (await shippedEngine().analyzeRaw(mail(from, subject, googleInvitation(extra)))).analysis;
      expect(ids(a), extra).not.toContain('content.meeting_invitation');
    }
    const callback = (
      await shippedEngine().analyzeRaw(
        mail(
          from,
          subject,
          googleInvitation(
            'Your PayPal payment of $499.99 to Norton LifeLock has been processed. If you did not authorize this charge, call our billing department at +1 (808) 555-0199 to cancel.\n\n',
          ),
        ),
      )
    ).analysis;
    expect(callback.risk_score).toBeGreaterThan(39);
    // A file to open beside the invitation is something to act on.
    const withFile = (
      await shippedEngine().analyzeRaw(
        Buffer.from(
          [
            `From: ${from}`,
            'To: tom@example.org',
            `Subject: ${subject}`,
            'MIME-Version: 1.0',
            'Content-Type: multipart/mixed; boundary="b"',
            '',
            '--b',
            'Content-Type: text/plain; charset=utf-8',
            '',
            googleInvitation(),
            '--b',
            'Content-Type: application/octet-stream; name="agenda.docx"',
            'Content-Disposition: attachment; filename="agenda.docx"',
            '',
            'PK agenda',
            '--b--',
            '',
          ].join('\r\n'),
        ),
      )
    ).analysis;
    expect(ids(withFile)).not.toContain('content.meeting_invitation');
  });
});
