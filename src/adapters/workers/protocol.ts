import {
  attachedPageLinks,
  documentLinksOf,
  documentsRead,
  type EmailAnalysis,
  type ParsedEmail,
} from '../../core/index.js';

/** What crosses the thread boundary for a parsed message: headers and a text preview, no bodies. */
export interface ParsedSummary {
  subject: string;
  from: ParsedEmail['from'];
  messageId: string | null;
  date: string | null;
  snippet: string;
  links: string[];
}

export interface WorkerRequest {
  id: number;
  raw: Uint8Array;
  /** authserv-ids whose Authentication-Results may lower the score (see AnalysisDeps). */
  trust: readonly string[];
}

export type WorkerResponse =
  | { id: number; ok: true; summary: ParsedSummary; analysis: EmailAnalysis }
  | { id: number; ok: false; error: string };

export function summariseParsed(p: ParsedEmail): ParsedSummary {
  return {
    subject: p.subjectAsSent ?? p.subject,
    from: p.from,
    messageId: p.messageId,
    date: p.date,
    snippet: p.text.replace(/\s+/g, ' ').trim().slice(0, 200),
    links: [...new Set(linksWithin(p))].slice(0, 100),
  };
}

/**
 * The message's links, then what its attached pages lead to and its documents' links (the PDF
 * and Office attachments read), then the links of the messages attached to it: a forwarded
 * phish's links, a page's form target and a PDF's button are the message's own.
 */
function linksWithin(p: ParsedEmail): string[] {
  return [
    ...p.links.map((l) => l.href),
    ...attachedPageLinks(p),
    ...documentsRead(p.attachments).flatMap(documentLinksOf),
    ...(p.attachedMessages ?? []).flatMap(linksWithin),
  ];
}
