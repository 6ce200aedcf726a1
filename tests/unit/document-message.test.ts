import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../scripts/make-office-fixtures.js';
import { pdfLinks, pdfText } from '../../src/core/email/signals/pdf.js';
import { summariseParsed } from '../../src/adapters/workers/protocol.js';
import { analyzeFixture, rulesEngine, shippedEngine } from '../helpers/engine.js';
import { noteWithFiles } from '../helpers/mime.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** An account-hold lure's words, linking to a site dressed as Amazon's. */
const LURE = [
  'Amazon',
  'Your account is temporarily on hold',
  'We were unable to verify the billing information on your account. To restore access,',
  'confirm your identity and update your payment details within 24 hours at',
  'https://amazon-account-restore.top/verify or your account will be permanently closed.',
];
const LURE_LINK = 'https://amazon-account-restore.top/verify?case=7063';
/** A supplier's ordinary invoice. */
const INVOICE = [
  'Invoice 0423',
  'Supplier Pay Ltd, 12 Mill Lane, Leeds',
  'Office chairs, 4 units at 120.00 GBP each: 480.00 GBP',
  'Delivery: 25.00 GBP. Total due: 505.00 GBP, payable within 30 days of the invoice date',
  'by bank transfer to the account printed on our order form. Thank you for your business.',
];

const mail = (files: { name: string; type: string; content: Buffer }[], note = 'Please see the attached.') =>
  noteWithFiles(files, {
    from: 'Accounts <ap@supplier-pay.example>',
    to: 'alex@example.org',
    subject: 'Invoice 0423',
    note,
  });
const pdfFile = (lines: string[], links: string[] = [], name = 'Notice.pdf') => ({
  name,
  type: 'application/pdf',
  content: makePdf({ lines, links }),
});
const docxFile = (paragraphs: string[], links: string[] = [], name = 'Notice.docx') => ({
  name,
  type: DOCX,
  content: makeDocx({ paragraphs, links }),
});
const reading = (a: { indicators: { id: string; severity: string; evidence: string[] }[] }) =>
  a.indicators.find((i) => i.id === 'attachments.document_message');

describe('a message that says little, read with its attached document', () => {
  it('makes the PDF fixture, its lure all in the PDF, likely phishing (LOW 36 before)', async () => {
    const { analysis } = await analyzeFixture('phishing-pdf-account-hold.eml', shippedEngine());
    expect(analysis.risk_level).toBe('HIGH');
    const found = reading(analysis);
    expect(found?.severity).toBe('high');
    expect(found?.evidence[0]).toBe('"Case_7063TOT9187.pdf" read as the message: HIGH (100/100)');
    expect(found?.evidence).toContain('A link goes to a domain imitating amazon.com.');
  });

  it("stores the document's link among the message's links, for the dashboard to check", async () => {
    const { parsed } = await analyzeFixture('phishing-pdf-account-hold.eml', rulesEngine());
    expect(summariseParsed(parsed).links).toEqual([
      'https://amazon-account-restore.top/verify?case=7063TOT9187',
    ]);
  });

  it('reads the PDF the fixture script draws: its lines and its link', () => {
    const pdf = makePdf({ lines: ['Your account (on hold)', 'Call us'], links: [LURE_LINK] });
    expect(pdfText(pdf)).toContain('Your account (on hold)\nCall us');
    expect(pdfLinks(pdf)).toEqual([LURE_LINK]);
  });

  it('raises the score by a lure in a PDF or a Word document, not by an ordinary invoice', async () => {
    for (const file of [pdfFile(LURE, [LURE_LINK]), docxFile(LURE, [LURE_LINK])]) {
      const { analysis } = await rulesEngine().analyzeRaw(mail([file]));
      expect(reading(analysis)?.severity).toBe('high');
      expect(analysis.risk_score).toBeGreaterThanOrEqual(70);
    }
    const { analysis } = await shippedEngine().analyzeRaw(mail([pdfFile(INVOICE)]));
    expect(analysis.risk_score).toBeLessThan(50);
    // A safe reading is said, so the reader knows the document was read.
    expect(reading(analysis)).toMatchObject({ severity: 'info' });
    expect(reading(analysis)?.evidence[0]).toMatch(/^"Notice\.pdf" read as the message: (?:SAFE|LOW) /);
  });

  it('names a document that has no name as such', async () => {
    const { analysis } = await rulesEngine().analyzeRaw(mail([pdfFile(LURE, [LURE_LINK], '')]));
    expect(reading(analysis)?.evidence[0]).toMatch(/^\(a PDF with no name\) read as the message: HIGH/);
  });

  it('leaves a message that says enough itself as it is', async () => {
    const note = `Hi Alex, ${'the quarterly figures are in and the team did well again this time, '.repeat(4)}`;
    const { analysis } = await rulesEngine().analyzeRaw(mail([pdfFile(LURE, [LURE_LINK])], note));
    expect(reading(analysis)).toBeUndefined();
    expect(analysis.risk_score).toBeLessThan(70);
  });

  it('does not read a document with next to no words as the message (a scan)', async () => {
    const { analysis } = await rulesEngine().analyzeRaw(mail([pdfFile(['Scan 0423', 'page 1'])]));
    expect(reading(analysis)).toBeUndefined();
  });

  it('reads the first four documents with words only', async () => {
    const plain = (n: number) => pdfFile(INVOICE, [], `Invoice_${n}.pdf`);
    const lure = pdfFile(LURE, [LURE_LINK], 'Notice.pdf');
    const fourth = await rulesEngine().analyzeRaw(mail([plain(1), plain(2), plain(3), lure]));
    expect(reading(fourth.analysis)?.severity).toBe('high');
    const fifth = await rulesEngine().analyzeRaw(mail([plain(1), plain(2), plain(3), plain(4), lure]));
    expect(reading(fifth.analysis)?.severity).not.toBe('high');
  });

  it('names no safer reading beside a suspicious verdict', async () => {
    // The body is the lure; the PDF is story text put there to make filters read it as harmless
    // (as the honeypot's "0.7495 BTC" mail does), and read with it the message seems safe.
    const story = [
      'No more studying, Ron sighed happily, stretching out on the grass. You could look more cheerful,',
      'Harry, we have got a week before we find out how badly we have done, there is no need to worry yet.',
      'Harry was rubbing his forehead. He said he wished he knew what it meant, and Hermione told him to',
      'go and see Madam Pomfrey, but he only shook his head and looked out across the lake at the trees.',
      'The sun was warm and the giant squid was basking in the shallows while the twins tickled it.',
    ];
    const raw = noteWithFiles([pdfFile(story)], {
      from: 'Wallet <info@wallet-notice.example>',
      to: 'alex@example.org',
      subject: 'Your_transfer_0.7495_BTC',
      note: 'Your wallet received 0.7495 BTC. Withdraw now: https://btc-wallet-withdraw.top/claim',
    });
    const { analysis } = await shippedEngine().analyzeRaw(raw);
    expect(analysis.risk_level).toBe('HIGH');
    expect(reading(analysis)).toBeUndefined();
  });
});

describe('a document with nothing in it to act on', () => {
  // A German tradesman's covering note: the shipped model reads its formal greeting and closing
  // ("Guten Tag", "Mit freundlichen Grüßen") at 0.97, as the corpus's German phishing writes them.
  const note = 'Guten Tag, anbei erhalten Sie unsere Rechnung. Mit freundlichen Grüßen';
  const rechnung = [
    'Malerbetrieb Schulz GmbH, Rechnung Nr. 2026-117, Datum: 01.12.2026',
    'Malerarbeiten Wohnzimmer und Flur: 1.450,00 EUR, zzgl. 19% MwSt.: 275,50 EUR',
    'Gesamtbetrag: 1.725,50 EUR, zahlbar innerhalb von 14 Tagen nach Erhalt der Rechnung',
    'Vielen Dank für Ihren Auftrag und die angenehme Zusammenarbeit.',
  ];
  // The same at length, so the document is not read as the message (50 words or more).
  const letter = [
    'Sehr geehrte Damen und Herren, vielen Dank für Ihren Auftrag vom 12. November. Wie besprochen',
    'haben wir die Malerarbeiten im Wohnzimmer und im Flur in der vergangenen Woche abgeschlossen.',
    'Anbei erhalten Sie unsere Rechnung für die ausgeführten Arbeiten. Bei Fragen zur Rechnung stehen',
    'wir Ihnen selbstverständlich gern zur Verfügung. Wir würden uns freuen, wieder für Sie tätig zu',
    'werden. Mit freundlichen Grüßen, Jan Schulz',
  ].join(' ');
  const score = async (file: { name: string; type: string; content: Buffer }, text = note) => {
    const raw = noteWithFiles([file], {
      from: 'Jan Schulz <jan@malerbetrieb-schulz.de>',
      to: 'alex@example.org',
      subject: 'Rechnung 2026-117',
      note: text,
    });
    return (await shippedEngine().analyzeRaw(raw)).analysis;
  };

  it('is no request: a note that asks nothing else is held at LOW', async () => {
    const plain = await score(pdfFile(rechnung));
    expect(plain.risk_score).toBeLessThanOrEqual(39);
    expect(plain.indicators.find((i) => i.id === 'content.nothing_to_act_on')?.explanation).toContain(
      'no file but a plain document with none of those in it',
    );
  });

  it('is one with a link, a phone number, a macro or words that cannot be read', async () => {
    const files = [
      pdfFile(rechnung, ['https://rechnung-portal.top/2026-117']),
      pdfFile([...rechnung, 'Rückfragen unter +49 (30) 5550 1234']),
      docxFile(rechnung, [], 'Rechnung.docm'),
      pdfFile(['Scan 0423']),
      { name: 'Rechnung.jpg', type: 'image/jpeg', content: Buffer.from('not really a picture') },
    ];
    for (const file of files) expect((await score(file)).risk_score, file.name).toBeGreaterThanOrEqual(50);
    // Under a letter the document is not read as the message: its link or number still counts.
    expect((await score(pdfFile(rechnung), letter)).risk_score).toBeLessThanOrEqual(39);
    for (const file of files.slice(0, 2))
      expect((await score(file, letter)).risk_score, file.name).toBeGreaterThanOrEqual(50);
  });
});

/** Legitimate covering notes and their documents, of the kinds the corpus lacks: subject, note, sender, lines. */
const LEGITIMATE: [string, string, string, string[]][] = [
  [
    'Invoice INV-2026-0412',
    'Hi Alex, please find attached our invoice for November. Kind regards, Maria',
    'Maria Lopez <maria@brightside-design.co.uk>',
    [
      'Brightside Design Ltd',
      'INVOICE INV-2026-0412',
      'Date: 30 November 2026',
      'Bill to: Example Org, 4 Harbour St, Bristol',
      'Website redesign, phase 2: 3,200.00 GBP',
      'VAT 20%: 640.00 GBP',
      'Total due: 3,840.00 GBP',
      'Payment terms: 30 days. Please pay by bank transfer to:',
      'Account name: Brightside Design Ltd, Sort code 20-45-77, Account 43918822',
      'Please use the invoice number as the payment reference. Thank you for your business.',
    ],
  ],
  [
    'Your e-ticket',
    'Your booking confirmation and e-ticket are attached.',
    'Bookings <bookings@northwind-air.example>',
    [
      'Northwind Air e-ticket receipt',
      'Passenger: ALEX DOE',
      'Booking reference: Q7XK2P',
      'Flight NW 412 Bristol to Dublin, 14 Dec 2026, departs 07:45, arrives 08:55',
      'Seat 12A, 1 cabin bag',
      'Fare: 89.00 EUR, taxes and fees: 31.40 EUR, total paid: 120.40 EUR by card ending 4421',
      'Check in online from 24 hours before departure at northwind-air.example/checkin',
      'Bring a valid passport or ID card.',
    ],
  ],
  [
    'Payslip November 2026',
    'Hi, your payslip for November is attached. The password is your date of birth.',
    'Payroll <payroll@example.org>',
    [
      'Example Org payslip',
      'Employee: Alex Doe, employee number 1042',
      'Pay period: November 2026',
      'Gross pay: 3,500.00',
      'Income tax: 512.40',
      'National insurance: 280.10',
      'Pension contribution: 175.00',
      'Net pay: 2,532.50, paid to your account on 28 November 2026',
      'Questions about your pay? Contact the payroll team on extension 2204.',
    ],
  ],
  [
    'Contract for signature',
    'Alex, attached is the contract we discussed. Please sign and return by Friday. Thanks, Tom',
    'Tom Reed <tom.reed@greenfield-legal.example>',
    [
      'SERVICES AGREEMENT',
      'This agreement is made between Example Org and Greenfield Consulting Ltd.',
      '1. Services. The consultant will provide the services described in schedule A.',
      '2. Fees. The client will pay the fees in schedule B within 30 days of each invoice.',
      '3. Term. This agreement starts on 1 January 2027 and lasts twelve months.',
      "4. Confidentiality. Each party will keep the other party's confidential information secret.",
      'Signed for Example Org: ____________  Date: ________',
      'Signed for Greenfield Consulting Ltd: ____________  Date: ________',
    ],
  ],
  [
    'Statement',
    'Your statement is attached.',
    'Statements <statements@harbourbank.example>',
    [
      'Harbour Bank current account statement',
      'Account holder: Alex Doe',
      'Statement period: 1 to 30 November 2026',
      'Opening balance: 1,204.33',
      '03 Nov card payment TESCO STORES 45.20',
      '10 Nov direct debit COUNCIL TAX 142.00',
      '28 Nov salary EXAMPLE ORG 2,532.50',
      'Closing balance: 3,549.63',
      'If you see a payment you do not recognise, call us on the number on the back of your card.',
    ],
  ],
  [
    'Order confirmation',
    'Thanks for your order! Your receipt is attached.',
    'Shop <orders@little-pottery-shop.example>',
    [
      'Little Pottery Shop',
      'Order #10234, placed 2 December 2026',
      '2 x Stoneware mug, blue: 24.00',
      '1 x Serving bowl: 38.00',
      'Shipping: 4.95',
      'Total: 66.95 paid by PayPal',
      'Your order will be dispatched within 3 working days. Track it from your account page.',
    ],
  ],
  [
    'Rechnung 2026-117',
    'Guten Tag, anbei erhalten Sie unsere Rechnung. Mit freundlichen Grüßen',
    'Buchhaltung <buchhaltung@malerbetrieb-schulz.example>',
    [
      'Malerbetrieb Schulz GmbH',
      'Rechnung Nr. 2026-117',
      'Datum: 01.12.2026',
      'Malerarbeiten Wohnzimmer und Flur: 1.450,00 EUR',
      'zzgl. 19% MwSt.: 275,50 EUR',
      'Gesamtbetrag: 1.725,50 EUR',
      'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen auf unser Konto',
      'IBAN DE12 5001 0517 0648 4898 90, BIC INGDDEFFXXX',
      'Vielen Dank für Ihren Auftrag.',
    ],
  ],
  [
    'Minutes',
    'Minutes from Tuesday attached.',
    'Jo Park <jo.park@example.org>',
    [
      'Project board minutes, 1 December 2026',
      'Present: Jo, Alex, Sam, Priya',
      '1. Budget: the Q1 budget was approved with one change to the travel line.',
      '2. Hiring: two interviews next week for the data analyst role.',
      '3. Security: everyone must complete the phishing awareness training by 15 December and reset their password when prompted by IT.',
      'Actions: Sam to circulate the revised budget; Priya to book interview rooms.',
    ],
  ],
];
describe('legitimate documents under short notes', () => {
  it('are not flagged: invoices, a ticket, a payslip, a contract, a statement, minutes', async () => {
    for (const [subject, note, from, lines] of LEGITIMATE) {
      const raw = noteWithFiles([pdfFile(lines, [], `${subject.replace(/\W+/g, '_')}.pdf`)], {
        from,
        to: 'alex@example.org',
        subject,
        note,
      });
      const { analysis } = await shippedEngine().analyzeRaw(raw);
      expect(analysis.risk_score, subject).toBeLessThan(50);
      // Each was read as the message: the document's words were what the verdict rests on.
      expect(reading(analysis), subject).toBeDefined();
    }
  });
});
