/**
 * A reader of an attachment's bytes that reads each file once, the reading kept while the bytes
 * live: a message's signals, its document's readings (analyze.ts) and its stored links each ask
 * for the same PDF's text, page's form or ZIP's pages.
 */
export function readOnce<T>(read: (content: Uint8Array) => T): (content: Uint8Array) => T {
  const known = new WeakMap<Uint8Array, T>();
  return (content) => {
    if (known.has(content)) return known.get(content) as T;
    const value = read(content);
    known.set(content, value);
    return value;
  };
}
