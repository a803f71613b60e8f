// A QR code of a short link (ISO/IEC 18004), small enough to ship with the page: byte mode,
// error correction L, versions 1–5 (one Reed–Solomon block each: up to 106 bytes), one
// mask, drawn as one SVG path. `test/qr.test.ts` reads its codes back with
// jsQR, an independent decoder.

/** The dark (`true`) and light modules, row by row, without the quiet zone. */
export type Modules = readonly (readonly boolean[])[];

/** The light border a reader needs around the symbol, in modules. */
export const QUIET = 4;

/** Codewords per version 1–5 at level L: all of them, and those for error correction. */
const TOTAL = [26, 44, 70, 100, 134];
const ECC = [7, 10, 15, 20, 26];

/** GF(256) multiplication modulo x⁸ + x⁴ + x³ + x² + 1. */
function mul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The Reed–Solomon error-correction codewords of `data`. */
function rsRemainder(data: number[], degree: number): number[] {
  const div = Array<number>(degree).fill(0);
  div[degree - 1] = 1;
  for (let i = 0, root = 1; i < degree; i++, root = mul(root, 2))
    for (let j = 0; j < degree; j++) div[j] = mul(div[j]!, root) ^ (j + 1 < degree ? div[j + 1]! : 0);
  const rem = Array<number>(degree).fill(0);
  for (const b of data) {
    const f = b ^ rem.shift()!;
    rem.push(0);
    div.forEach((c, i) => (rem[i]! ^= mul(c, f)));
  }
  return rem;
}

/** The codewords of `bytes` at version `v` (1-based): the byte-mode indicator and the count,
 *  the bytes, the terminator (shifted by the indicator's half byte), padding, then the ECC. */
function codewords(bytes: Uint8Array, v: number): number[] {
  const data = [0x40 | (bytes.length >> 4)];
  let half = bytes.length & 15;
  for (const b of bytes) {
    data.push(((half << 4) | (b >> 4)) & 255);
    half = b & 15;
  }
  data.push(half << 4);
  for (let pad = 0xec; data.length < TOTAL[v - 1]! - ECC[v - 1]!; pad ^= 0xec ^ 0x11) data.push(pad);
  return [...data, ...rsRemainder(data, ECC[v - 1]!)];
}

/** The symbol of `text`, or `null` when it is too long for version 5. */
export function qrModules(text: string): Modules | null {
  const bytes = new TextEncoder().encode(text);
  const v = TOTAL.findIndex((t, i) => t - ECC[i]! >= bytes.length + 2) + 1;
  if (v === 0) return null;
  const size = 17 + 4 * v;
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const set = (x: number, y: number, on: boolean) => {
    if (x < 0 || y < 0 || x >= size || y >= size) return;
    dark[y]![x] = on;
    fixed[y]![x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  const square = (cx: number, cy: number, r: number, on: (d: number) => boolean) => {
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) set(cx + dx, cy + dy, on(Math.max(Math.abs(dx), Math.abs(dy))));
  };
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const)
    square(cx, cy, 4, (d) => d !== 2 && d !== 4);
  if (v > 1) square(size - 7, size - 7, 2, (d) => d !== 1);
  drawFormat(set, size); // before the data: the format areas are not for data
  const words = codewords(bytes, v);
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (fixed[y]![x] || i >= words.length * 8) continue;
        dark[y]![x] = ((words[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
  }
  // One mask (2: every third column) for every code: any mask gives a valid symbol that readers
  // decode (the standard's penalty score only picks the most even-looking of the eight).
  dark.forEach((row, y) => row.forEach((on, x) => (row[x] = on !== (!fixed[y]![x] && x % 3 === 0))));
  return dark;
}

/** The format information of level L and mask 2, BCH-coded and masked (the standard's table). */
export const FORMAT = 0x7daa;

/** The format information in both of its places, and the dark module. */
function drawFormat(set: (x: number, y: number, on: boolean) => void, size: number): void {
  const bit = (i: number) => ((FORMAT >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true);
}

/** The dark modules as one path in module units, offset by the quiet zone; each row's runs of
 *  dark modules one rectangle each: `[[true, true, false]]` is `M4 4h2v1h-2z`. */
export function qrPath(m: Modules): string {
  let d = '';
  m.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      let run = 0;
      while (row[x + run]) run++;
      if (run) d += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
      x += run || 1;
    }
  });
  return d;
}
