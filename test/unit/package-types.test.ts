/**
 * The published declarations as a TypeScript user meets them: the packed package (npm pack of
 * dist/, built before this suite) unpacked into a scratch folder with React's types beside it
 * (offline: no registry), and a small consumer type-checked under `moduleResolution` bundler,
 * node16 and nodenext with `skipLibCheck: false`. Public names must keep their types (no `any`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/** The consumer: calls and types a React app uses, and an `any` check on each public name. */
const CONSUMER = `import { configure, search, gif, type Gif } from 'gif-embed/api';
import { Grid, Carousel, Gif as GifTile, type GridProps } from 'gif-embed/sdk';
import { pingback } from 'gif-embed/analytics';

type IsAny<T> = 0 extends 1 & T ? true : false;
export const notAny: [IsAny<typeof Grid>, IsAny<GridProps>, IsAny<typeof configure>, IsAny<typeof search>, IsAny<Gif>, IsAny<typeof Carousel>, IsAny<typeof GifTile>, IsAny<typeof pingback>] =
  [false, false, false, false, false, false, false, false];

configure({ apiKey: 'KEY', apiBase: 'https://api.example' });
export const props: GridProps = { fetchGifs: (offset: number) => search('cats', { offset, limit: 24 }), columns: 3 };
export const one: Promise<unknown> = gif('abc');
// @ts-expect-error: a wrong prop type is an error, not silently accepted
export const wrong: GridProps = { fetchGifs: 42 };
`;

const MODES: Record<string, object> = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
};

test('the packed declarations type-check under bundler, node16 and nodenext, with no any on public names', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'gif-embed-types-'));
  try {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    const modules = join(scratch, 'node_modules');
    mkdirSync(join(modules, '@types'), { recursive: true });
    execFileSync('tar', ['-xzf', join(scratch, packed[0].filename), '-C', modules]);
    renameSync(join(modules, 'package'), join(modules, 'gif-embed'));
    // React's types, as an app has them (the package's peer dependency).
    symlinkSync(join(root, 'node_modules/@types/react'), join(modules, '@types/react'));
    symlinkSync(join(root, 'node_modules/csstype'), join(modules, 'csstype'));
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(join(scratch, 'app.ts'), CONSUMER);
    const failures: string[] = [];
    for (const [mode, options] of Object.entries(MODES)) {
      const config = join(scratch, `tsconfig.${mode}.json`);
      writeFileSync(config, JSON.stringify({
        compilerOptions: { ...options, target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, lib: ['es2022', 'dom'], types: [], jsx: 'react-jsx' },
        files: ['app.ts'],
      }));
      try {
        execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', config], { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (error) {
        failures.push(`${mode}: ${String((error as { stdout?: string }).stdout ?? error).slice(0, 800)}`);
      }
    }
    assert.equal(failures, []);
    assert.ok(readdirSync(join(modules, 'gif-embed/dist/types/sdk')).includes('index.d.ts'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test.run();
