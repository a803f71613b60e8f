// House rules a reader relies on (as tests/test_structure.py for the backend): no source module
// over 500 lines, no function over 60, outside tests and the generated API schema.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const SRC = resolve(__dirname, '../src');
const MAX_MODULE = 500;
const MAX_FUNCTION = 60;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(tsx?|css)$/.test(e.name) && !/\.d\.ts$|\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

test('no module over 500 lines', () => {
  const long = sources(SRC)
    .map((p) => [relative(SRC, p), readFileSync(p, 'utf8').split('\n').length - 1] as const)
    .filter(([, n]) => n > MAX_MODULE);
  expect(long).toEqual([]);
});

test('no function over 60 lines', () => {
  const long: string[] = [];
  for (const p of sources(SRC).filter((f) => !f.endsWith('.css'))) {
    const file = ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const lines =
          file.getLineAndCharacterOfPosition(n.end).line -
          file.getLineAndCharacterOfPosition(n.getStart()).line +
          1;
        if (lines > MAX_FUNCTION)
          long.push(
            `${relative(SRC, p)}:${file.getLineAndCharacterOfPosition(n.getStart()).line + 1} (${lines})`,
          );
      }
      ts.forEachChild(n, visit);
    };
    visit(file);
  }
  expect(long).toEqual([]);
});
