// The import graph of src/: no circles (type-only imports count: a circle of types is still a
// circle a reader has to untangle), and the folders are layers that import only downwards.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const SRC = resolve(__dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The files a Vite glob such as the registry's finds from `file`'s folder (`*` within one folder). */
function globbed(file: string, pattern: string): string[] {
  const base = dirname(file);
  const re = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`);
  return sources(base).filter((p) => re.test(`./${relative(base, p)}`));
}

/** The project files a module imports (static, type-only, re-exports, dynamic `import()` and
 *  Vite's `import.meta.glob`, which the registry finds the games with). */
function importsOf(file: string): string[] {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  const found: string[] = [];
  const visit = (n: ts.Node): void => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier) {
      if (ts.isStringLiteral(n.moduleSpecifier)) specs.push(n.moduleSpecifier.text);
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = n.arguments[0];
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    } else if (ts.isCallExpression(n) && n.expression.getText(src) === 'import.meta.glob') {
      const arg = n.arguments[0];
      if (arg && ts.isStringLiteral(arg)) found.push(...globbed(file, arg.text));
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  const named = specs
    .filter((s) => s.startsWith('.'))
    .flatMap((s) => {
      const base = resolve(dirname(file), s);
      const hit = [base, `${base}.ts`, `${base}.tsx`, `${base}.d.ts`, join(base, 'index.ts')].find(
        (p) => existsSync(p) && /\.tsx?$/.test(p),
      );
      return hit ? [hit] : [];
    });
  return [...named, ...found];
}

const files = sources(SRC);
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const name = (f: string) => relative(SRC, f);

/** Strongly connected components of more than one module, or a module importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const connect = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) !== idx.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(name(w));
    } while (w !== v);
    if (scc.length > 1 || graph.get(v)?.includes(v)) out.push(scc.sort());
  };
  for (const f of graph.keys()) if (!idx.has(f)) connect(f);
  return out;
}

test('no import circles in src/', () => {
  expect(files.length).toBeGreaterThan(40);
  expect(circles(graph)).toEqual([]);
});

// The layers, bottom to top: a folder imports its own and the ones below it, never above. The
// generated schema is the ground floor, under the client's own types.
const LAYERS: Record<string, number> = {
  schema: 0,
  model: 1,
  api: 2,
  i18n: 3,
  views: 4,
  games: 5,
  state: 6,
  app: 7,
};

const layerOf = (f: string): string => (name(f) === 'api/schema.d.ts' ? 'schema' : name(f).split('/')[0]!);

test('folders import only downwards: views/ never reaches state/, app/ or the games', () => {
  const up: string[] = [];
  for (const [f, deps] of graph) {
    const own = LAYERS[layerOf(f)];
    if (own === undefined) continue; // main.tsx, the entry point, sits above everything
    for (const d of deps) {
      const theirs = LAYERS[layerOf(d)];
      if (theirs === undefined || theirs > own) up.push(`${name(f)} → ${name(d)}`);
    }
  }
  expect(up).toEqual([]);
});

test('the checks see a circle and a layer broken when there is one', () => {
  const g = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([k, v]) => [join(SRC, k), v.map((d) => join(SRC, d))]));
  const loop = g({
    'games/types.ts': ['state/analysis.ts'],
    'state/analysis.ts': ['games/index.ts'],
    'games/index.ts': ['games/types.ts'],
  });
  expect(circles(loop)).toEqual([['games/index.ts', 'games/types.ts', 'state/analysis.ts']]);
  expect(circles(g({ 'a.ts': ['b.ts'], 'b.ts': [] }))).toEqual([]);
  expect(importsOf(join(SRC, 'games/index.ts')).map(name)).toContain('games/pyramid/index.ts');
  expect(importsOf(join(SRC, 'app/LazyViews.tsx')).map(name)).toContain('app/Replay.tsx');
  expect(importsOf(join(SRC, 'model/types.ts')).map(name)).toContain('api/schema.d.ts');
  expect(LAYERS[layerOf(join(SRC, 'views/Card.tsx'))]).toBeLessThan(
    LAYERS[layerOf(join(SRC, 'state/hint.ts'))]!,
  );
});

// Components reach the shell's behaviour through its commands alone (`app/commands.ts`, handed
// down by a Preact context): no `*.tsx` imports the controller or its store, names either, or
// dispatches a raw action, so the controller can change behind the commands.
const BEHIND_COMMANDS = ['app/controller.ts', 'app/store.ts'];
const FORBIDDEN_NAMES = new Set(['Controller', 'Store', 'dispatch']);

/** What a component does that it should ask the commands for (empty when it does none). */
function breaches(file: string, text: string, deps: string[]): string[] {
  const out = deps.filter((d) => BEHIND_COMMANDS.includes(name(d))).map((d) => `imports ${name(d)}`);
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && FORBIDDEN_NAMES.has(n.text)) out.push(`names ${n.text}`);
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return out;
}

test('components use the commands: no controller, no store, no raw dispatch in a .tsx', () => {
  const components = files.filter((f) => f.endsWith('.tsx'));
  expect(components.length).toBeGreaterThan(20);
  const found = components.flatMap((f) =>
    breaches(f, readFileSync(f, 'utf8'), graph.get(f) ?? []).map((b) => `${name(f)}: ${b}`),
  );
  expect(found).toEqual([]);
  expect(importsOf(join(SRC, 'app/App.tsx')).map(name)).toContain('app/commands.ts');
});

test('the component check sees a controller, a store and a raw dispatch', () => {
  const file = join(SRC, 'app/Fake.tsx');
  const raw = `export const F = ({ c }: { c: Controller }) => <b onClick={() => c.store.dispatch({ type: 'x' })} />;`;
  expect(breaches(file, raw, [join(SRC, 'app/controller.ts')])).toEqual([
    'imports app/controller.ts',
    'names Controller',
    'names dispatch',
  ]);
  expect(breaches(file, `const s: Store = make();`, [])).toEqual(['names Store']);
  expect(breaches(file, `export const F = () => <b onClick={() => cmd.undo()} />;`, [])).toEqual([]);
});
