/** A one-line progress bar on stderr, only when stderr is a terminal. */
export class ProgressBar {
  #last = 0;
  readonly #start = Date.now();
  readonly #enabled: boolean;

  constructor(
    private readonly total: number,
    private readonly unit: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.#enabled = stream.isTTY === true;
  }

  update(done: number, items: number, force = false): void {
    if (!this.#enabled) return;
    const now = Date.now();
    if (!force && now - this.#last < 100) return;
    this.#last = now;
    const frac = this.total > 0 ? Math.min(1, done / this.total) : 0;
    const width = 30;
    const filled = Math.round(frac * width);
    const secs = (now - this.#start) / 1000;
    const rate = secs > 0 ? Math.round(items / secs) : 0;
    this.stream.write(
      `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(frac * 100).toFixed(0).padStart(3)}%  ${items} ${this.unit}  ${rate}/s `,
    );
  }

  finish(): void {
    if (this.#enabled) this.stream.write('\r\x1b[2K');
  }
}
