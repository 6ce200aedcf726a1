/** One address as written in a header. */
export interface MailAddress {
  name: string;
  address: string;
}

export interface EmailLink {
  href: string;
  /** Visible text of the anchor (HTML) or '' for a bare URL found in text or a QR code. */
  text: string;
  /** Where the link is: an HTML anchor, an address in the text, a form's action, a QR code (qr.ts). */
  source: 'html' | 'text' | 'form' | 'qr';
  /** For a QR code: the file name of the picture that holds it. */
  picture?: string;
  /**
   * The well-known site's open redirect the link passes through to reach `href`
   * (`google.co.uk/amp`, `bing.com/ck/a`: url/unwrap.ts).
   */
  via?: string;
}

export interface EmailForm {
  action: string;
  hasPassword: boolean;
}

/** A picture's pixels, RGBA, row by row. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A picture to read for a QR code: a PNG, JPEG or GIF file's bytes, or its pixels. */
export type Picture = Uint8Array | Pixels;

export interface EmailAttachment {
  filename: string;
  mimeType: string;
  size: number;
  content: Uint8Array | null;
}

/** The parts of a message the analysis reads, after MIME decoding. */
export interface ParsedEmail {
  mode: 'full' | 'body-only';
  /** The subject as read: without a mail gateway's tag ("[EXTERNAL]", gateway.ts). */
  subject: string;
  /** The subject as it came, when a gateway's tag was taken out of `subject`: what the reader sees. */
  subjectAsSent?: string;
  from: MailAddress | null;
  /**
   * A full message's From list showing a name alone where its address should be (`Brand ,_<a@b>`:
   * a name with no address, then an address with no name; or no address at all, `"Brand" <>`;
   * parse.ts): that name, empty when there is none. A forged header.
   */
  fromNameAlone?: string;
  replyTo: MailAddress[];
  /** Recipients of a full message (To, then Delivered-To), at most 20; none for pasted text. */
  to: MailAddress[];
  returnPath: string | null;
  messageId: string | null;
  date: string | null;
  /** Raw Authentication-Results / ARC-Authentication-Results values, top first. */
  authResults: string[];
  /** Visible body text: the text part, or the HTML reduced to text. */
  text: string;
  html: string | null;
  /**
   * Characters other than white space in the HTML part's visible text (what a mail client shows),
   * counted up to HTML_CHARS_COUNTED; null without HTML.
   */
  htmlChars: number | null;
  links: EmailLink[];
  forms: EmailForm[];
  hiddenText: string[];
  /** Height in px of the HTML's tallest blank element (html.ts TALL_BLANK_PX); 0 if none. */
  tallestBlank: number;
  /** How far in px the HTML moves a first line off the screen to the left (html.ts FAR_INDENT_PX); 0 if none. */
  farIndent: number;
  scriptCount: number;
  /** Pictures written into the HTML as `data:` addresses (html.ts), read for QR codes only. */
  dataPictures?: string[];
  /** Grids the HTML draws with table cells coloured black and white (drawn-code.ts), read for QR codes only. */
  tableGrids?: boolean[][][];
  attachments: EmailAttachment[];
  /**
   * Messages attached as files (message/rfc822 parts with an attachment disposition, .eml files),
   * parsed in turn: a phish forwarded as an attachment, or sent inside one to slip past link
   * scanning, opens in one click. At most MAX_ATTACHED_MESSAGES, two levels deep (parse.ts).
   */
  attachedMessages?: ParsedEmail[];
  warnings: string[];
  size: number;
}

export type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical';

export type SignalFamily =
  'auth' | 'sender' | 'lookalike' | 'links' | 'content' | 'attachments' | 'model' | 'history' | 'parse';

/** A named reason behind a score, with what triggered it. */
export interface Indicator {
  id: string;
  family: SignalFamily;
  severity: Severity;
  /** Contribution to the rule score, 0..1 (noisy-OR). */
  weight: number;
  explanation: string;
  evidence: string[];
}

export type RiskLevel = 'HIGH' | 'MEDIUM' | 'LOW' | 'SAFE';
export type TestRiskLevel = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';

/** The rich result: everything the list shape and the test shape are derived from. */
export interface EmailAnalysis {
  engine_version: string;
  mode: ParsedEmail['mode'];
  risk_score: number;
  probability: number;
  risk_level: RiskLevel;
  is_phishing: boolean;
  confidence: number;
  summary: string;
  indicators: Indicator[];
  model: { used: boolean; probability: number | null; top_terms: string[] };
  sender: {
    address: string | null;
    domain: string | null;
    display_name: string | null;
    /** The From domain as authenticated by the mailbox's own server, or null. */
    authenticated_domain?: string | null;
  };
  /** The probability before the user's own history was applied (see history.ts). */
  base_probability?: number;
  subject: string;
  parse_warnings: string[];
}

/** The spec's list shape (section 3). */
export interface PhishingAnalysis {
  risk_score: number;
  risk_level: RiskLevel;
  indicators: string[];
  summary: string;
}

/** The spec's /test response shape (section 3). */
export interface EmailTestResult {
  is_phishing: boolean;
  risk_level: TestRiskLevel;
  confidence: number;
  threats_detected: string[];
  recommendations: string[];
  analysis_details: {
    sender_analysis: { domain_trust: 'trusted' | 'unknown' | 'suspicious'; auth_status: string };
    content_analysis: { suspicious_patterns: string[]; urgency_score: number };
  };
  timestamp: string;
}
