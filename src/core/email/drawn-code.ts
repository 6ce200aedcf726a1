import type { Pixels } from './types.js';

/**
 * QR codes drawn without a picture, which a reader of pictures never sees: an HTML table whose
 * empty cells are coloured black and white, one cell a module, and a block of text lines drawn
 * with the Unicode block characters (█ ▀ ▄). Both are how lures have hidden a code from mail
 * filters that look for QR codes in pictures. Each is read as the grid it draws, redrawn as
 * pixels for the QR reader (qr.ts).
 */

/** A grid of modules, row by row: true for a dark one. */
export type Grid = boolean[][];

/** The smallest QR code is 21 modules square, the largest 177; with a quiet zone, a little more. */
const MIN_MODULES = 21;
const MAX_MODULES = 200;
/** Drawn codes kept per message (qr.ts reads at most three pictures in all). */
const MAX_GRIDS = 2;

type Cell = 'dark' | 'light' | null;

/**
 * Collects the tables of an HTML document that draw a grid (htmlparser2's callbacks feed it):
 * every cell empty and coloured black or white by its `bgcolor` or its style's background.
 */
export class TableGrids {
  readonly grids: Grid[] = [];
  private readonly tables: { rows: Grid; broken: boolean }[] = [];
  private inCell = false;

  open(name: string, attrs: Record<string, string>): void {
    if (name === 'table') {
      this.tables.push({ rows: [], broken: this.grids.length >= MAX_GRIDS });
      return;
    }
    const table = this.tables[this.tables.length - 1];
    if (!table || table.broken) return;
    if (name === 'tr') {
      if (table.rows.length >= MAX_MODULES) table.broken = true;
      else table.rows.push([]);
    } else if (name === 'td' || name === 'th') {
      this.inCell = true;
      const row = table.rows[table.rows.length - 1];
      const cell = cellColour(attrs);
      const span = Math.min(Number(attrs.colspan ?? 1) || 1, MAX_MODULES);
      if (!row || cell === null || row.length + span > MAX_MODULES) table.broken = true;
      else for (let i = 0; i < span; i++) row.push(cell === 'dark');
    }
  }

  /** Text inside a cell: a table of words draws no code. */
  text(data: string): void {
    const table = this.tables[this.tables.length - 1];
    if (table && this.inCell && data.trim().replace(/\u00a0/g, '')) table.broken = true;
  }

  close(name: string): void {
    if (name === 'td' || name === 'th') this.inCell = false;
    if (name !== 'table') return;
    const table = this.tables.pop();
    if (table && !table.broken && this.grids.length < MAX_GRIDS && drawsCode(table.rows))
      this.grids.push(table.rows);
  }
}

/** A cell's colour: dark or light by its bgcolor or background, or null when it has none. */
function cellColour(attrs: Record<string, string>): Cell {
  const value =
    attrs.bgcolor ??
    /background(?:-color)?\s*:\s*([^;]+)/i
      .exec(attrs.style ?? '')?.[1]
      ?.trim()
      .split(/\s+/)[0];
  if (!value) return null;
  const v = value.toLowerCase();
  if (v === 'black') return 'dark';
  if (v === 'white') return 'light';
  let r: number, g: number, b: number;
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v)?.[1];
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(v);
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  } else if (rgb) [r, g, b] = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  else return null;
  return 0.299 * r + 0.587 * g + 0.114 * b < 128 ? 'dark' : 'light';
}

/** Rows of one width, 21 modules or more a side, no more than 8 longer one way than the other. */
function squareEnough(rows: Grid): boolean {
  const width = rows[0]?.length ?? 0;
  return (
    rows.length >= MIN_MODULES &&
    width >= MIN_MODULES &&
    Math.abs(rows.length - width) <= 8 &&
    rows.every((r) => r.length === width)
  );
}

/** A table's grid that could be a QR code: square enough, and neither blank nor all dark. */
function drawsCode(rows: Grid): boolean {
  if (!squareEnough(rows)) return false;
  const width = rows[0]!.length;
  let dark = 0;
  for (const r of rows) for (const c of r) if (c) dark++;
  const share = dark / (width * rows.length);
  return share > 0.2 && share < 0.8;
}

/**
 * Lines drawn with these and spaces are block art: full, upper and lower half blocks. Two
 * linear tests, not one pattern whose overlapping classes backtrack on a long line.
 */
const BLOCK_CHARS = /^[ \u00a0█▀▄]+$/;
const BLOCK = /[█▀▄]/;
const blockLine = (line: string) =>
  line.length <= MAX_MODULES * 2 && BLOCK_CHARS.test(line) && BLOCK.test(line);

/**
 * The grids drawn in a text with block characters: runs of at least 11 lines of █, ▀, ▄ and
 * spaces, each character a module wide and, with half blocks, two modules tall (▀ the upper
 * dark, ▄ the lower, █ both); a code drawn with "██" for a module is read at half its width.
 */
export function blockArtGrids(text: string): Grid[] {
  if (!/[█▀▄]/.test(text)) return [];
  const grids: Grid[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && grids.length < MAX_GRIDS;) {
    let j = i;
    while (j < lines.length && j - i < MAX_MODULES && blockLine((lines[j] as string).trimEnd())) j++;
    if (j - i >= 11) {
      const grid = blockGrid(lines.slice(i, j).map((l) => l.trimEnd()));
      if (grid) grids.push(grid);
    }
    i = Math.max(j, i + 1);
  }
  return grids;
}

function blockGrid(lines: string[]): Grid | null {
  const halves = lines.some((l) => /[▀▄]/.test(l));
  const width = Math.min(Math.max(...lines.map((l) => [...l].length)), MAX_MODULES * 2);
  const rows: Grid = [];
  for (const line of lines) {
    const chars = [...line];
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (let x = 0; x < width; x++) {
      const c = chars[x] ?? ' ';
      top.push(c === '█' || c === '▀');
      bottom.push(c === '█' || c === '▄');
    }
    rows.push(top);
    if (halves) rows.push(bottom);
  }
  // "██" a module: every run of one colour is of even length from the line's start.
  const doubled =
    !halves && rows.every((r) => r.every((c, x) => x % 2 === 1 || r[x + 1] === c || x + 1 >= width));
  if (doubled)
    for (let y = 0; y < rows.length; y++) rows[y] = (rows[y] as boolean[]).filter((_, x) => x % 2 === 0);
  // The art may come without its quiet zone: the redrawing adds one.
  return squareEnough(rows) ? rows : null;
}

/** A grid redrawn as pixels, `scale` a module, with a quiet zone of four modules. */
export function gridPixels(grid: Grid, scale = 4): Pixels {
  const width = ((grid[0]?.length ?? 0) + 8) * scale;
  const height = (grid.length + 8) * scale;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  grid.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const at = (((y + 4) * scale + dy) * width + (x + 4) * scale) * 4;
        for (let dx = 0; dx < scale; dx++) data.fill(0, at + dx * 4, at + dx * 4 + 3);
      }
    }),
  );
  return { data, width, height };
}
