/** A file attached to a test message: a message/rfc822 part goes as it is, any other in base64. */
export interface AttachedFile {
  name: string;
  type: string;
  content: Buffer | string;
}

/**
 * A short note (multipart/mixed, its text first) with files attached, each with an attachment
 * disposition: how a colleague forwards a phish, or a sender attaches a page or a document.
 */
export function noteWithFiles(
  files: readonly AttachedFile[],
  opts: { from?: string; to?: string; subject?: string; note?: string; boundary?: string } = {},
): Buffer {
  const b = opts.boundary ?? 'note-boundary-7';
  const parts = files.map((f) => {
    const content = Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content);
    const disposition = `Content-Disposition: attachment; filename="${f.name}"`;
    return f.type === 'message/rfc822'
      ? Buffer.concat([
          Buffer.from(`\r\n--${b}\r\nContent-Type: message/rfc822\r\n${disposition}\r\n\r\n`),
          content,
        ])
      : Buffer.from(
          `\r\n--${b}\r\nContent-Type: ${f.type}; name="${f.name}"\r\nContent-Transfer-Encoding: base64\r\n${disposition}\r\n\r\n${content.toString('base64')}`,
        );
  });
  return Buffer.concat([
    Buffer.from(
      [
        `From: ${opts.from ?? 'Sam Lee <sam.lee@example.org>'}`,
        `To: ${opts.to ?? 'security@example.org'}`,
        `Subject: ${opts.subject ?? 'FW: have a look'}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${b}"`,
        '',
        `--${b}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        opts.note ?? 'Hi, this came in this morning. The original is attached.',
      ].join('\r\n'),
    ),
    ...parts,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
}
