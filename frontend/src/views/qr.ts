// A QR code of a link as an SVG path: the encoder (uqr, a port of Nayuki's reference generator)
// is loaded only when a code is shown, so a cold load does not carry it.

/** The dark (`true`) and light modules, row by row, without the quiet zone. */
export type Modules = readonly (readonly boolean[])[];

/** The light border a reader needs around the symbol, in modules (ISO/IEC 18004: 4). */
export const QUIET = 4;

/** Encode `text` (byte mode, error correction M: still reads with 15 % of it smudged). */
export async function qrModules(text: string): Promise<Modules> {
  const { encode } = await import('uqr');
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** The dark modules as one path in module units, offset by the quiet zone; each row's runs of
 *  dark modules are one rectangle each. `M4 4h2v1h-2z` is two dark modules at the top left.
 *
 *  >>> qrPath([[true, true, false]])  // 'M4 4h2v1h-2z'
 */
export function qrPath(m: Modules): string {
  let d = '';
  m.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 0;
      while (row[x + run]) run++;
      d += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return d;
}
