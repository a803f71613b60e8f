// House rules a reader relies on (as tests/test_structure.py for the backend): no source module
// over 500 lines, no function over 60, outside tests and the generated API schema; no line of
// the client's own code over 120 characters (Prettier formats to 110 and cannot break a string).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const ROOT = resolve(__dirname, '..');
const SRC = resolve(ROOT, 'src');
const MAX_LINE = 120;
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

/** Every hand-written text file of the client: sources, tests, end-to-end tests, configuration. */
function ownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'screenshots'].includes(e.name) ? [] : ownFiles(p);
    const generated = /schema\.d\.ts$|lines\.json$|package-lock\.json$/.test(p);
    return /\.(tsx?|css|js|mjs|json|html)$/.test(e.name) && !generated ? [p] : [];
  });
}

test('no line over 120 characters', () => {
  const long = ownFiles(ROOT).flatMap((p) =>
    readFileSync(p, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        line.length > MAX_LINE ? [`${relative(ROOT, p)}:${i + 1} (${line.length})`] : [],
      ),
  );
  expect(long).toEqual([]);
});
