// The link code's QR code must scan: encode the link, draw the path's modules as pixels (with
// the quiet zone) and read them back with jsQR, an independent decoder.
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { linkUrl } from '../src/app/account';
import { FORMAT, QUIET, qrModules, qrPath, type Modules } from '../src/views/qr';

/** Pixels of the symbol as the SVG draws it: the path's rectangles, `scale` pixels a module. */
function pixels(m: Modules, path: string, scale = 4): { data: Uint8ClampedArray; side: number } {
  const n = m.length + 2 * QUIET;
  const side = n * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++)
      for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
        const i = (py * side + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
  }
  return { data, side };
}

describe('QR code of a link code', () => {
  it('draws runs of dark modules as rectangles past the quiet zone', () => {
    expect(qrPath([[true, true, false, true]])).toBe('M4 4h2v1h-2zM7 4h1v1h-1z');
    expect(qrPath([[false], [true]])).toBe('M4 5h1v1h-1z');
  });

  it.each(['http://127.0.0.1:5173/link/7KQ2M-XR4PT', 'https://patience.example.org'])(
    'scans back to the link %s',
    (origin) => {
      const url = origin.includes('/link/') ? origin : linkUrl(origin, 'ABCDE-12345');
      const m = qrModules(url)!;
      expect(m.length).toBeGreaterThanOrEqual(21);
      const { data, side } = pixels(m, qrPath(m));
      const read = jsQR(data, side, side);
      expect(read?.data).toBe(url);
    },
  );

  it('every length from 1 to 106 bytes scans back (versions 1–5)', () => {
    const sizes = new Set<number>();
    for (let n = 1; n <= 106; n++) {
      const text = Array.from(
        { length: n },
        (_, i) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789/-.:'[(i * 7 + n) % 36],
      ).join('');
      const m = qrModules(text)!;
      sizes.add(m.length);
      const { data, side } = pixels(m, qrPath(m));
      expect(jsQR(data, side, side)?.data, `length ${n}`).toBe(text);
    }
    expect([...sizes].sort((a, b) => a - b)).toEqual([21, 25, 29, 33, 37]);
  });

  it('a text past version 5 has no code (the page shows the code alone)', () => {
    expect(qrModules('x'.repeat(107))).toBeNull();
    expect(qrModules('é'.repeat(53))).not.toBeNull(); // 106 bytes of UTF-8
  });

  it('the format information is level L, mask 2, BCH(15,5)-coded and masked', () => {
    const data = (0b01 << 3) | 2;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    expect(((data << 10) | rem) ^ 0x5412).toBe(FORMAT);
  });

  it('builds the link from the origin and the code', () => {
    expect(linkUrl('https://p.example', '7KQ2M-XR4PT')).toBe('https://p.example/link/7KQ2M-XR4PT');
  });
});
