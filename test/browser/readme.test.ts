/**
 * The README's four quick starts, taken from the README itself and run as a new user runs them,
 * against the packed package (npm pack, unpacked into a scratch folder as npm i would install
 * it; offline): the script tag in a page, the plain page with sdk.js and its picker, their files served
 * from the package's dist/ by a local service rooted there (its address put where the README
 * says 127.0.0.1:8080); the React search grid bundled from the installed package, resolved
 * through its exports, with the React an app has.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { startService } from '../../server/app';
import { beforeAll, DESKTOP, withEnv, type Env } from './support/harness';

let env: Env;
withEnv(test, (started) => (env = started));

const root = new URL('../../', import.meta.url).pathname;
/** The app's folder: node_modules/gif-embed unpacked from the tarball, React beside it. */
let app = '';
/** The local service rooted at the installed package: its dist/ is the tarball's. */
let packaged = { url: '', close: async () => {} };

beforeAll(test, async () => {
  app = mkdtempSync(join(tmpdir(), 'gif-embed-readme-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', app], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const modules = join(app, 'node_modules');
  mkdirSync(modules);
  execFileSync('tar', ['-xzf', join(app, packed.filename), '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'gif-embed'));
  // What npm i would put beside it: the dependencies and the app's own React 19.
  for (const name of ['react', 'react-dom', 'scheduler', 'goober', 'preact']) symlinkSync(join(root, 'node_modules', name), join(modules, name));
  packaged = await startService({ port: 0, quiet: true, root: join(modules, 'gif-embed') });
});

test.after(async () => {
  await packaged?.close();
  rmSync(app, { recursive: true, force: true });
});
const README_ORIGIN = 'http://127.0.0.1:8080';
/** The fenced blocks of the README's Install section, in order. */
function quickStarts(): { html: string[]; tsx: string } {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 4));
  const blocks = [...section.matchAll(/```(\w+)\n([^]*?)```/g)].map(([, lang, code]) => ({ lang, code }));
  return { html: blocks.filter((b) => b.lang === 'html').map((b) => b.code), tsx: blocks.find((b) => b.lang === 'tsx')!.code };
}

/** Serves `body` as a page of another origin than the service's (a blogger's page) and opens it. */
async function openPage(body: string) {
  const context = await env.browser.newContext(DESKTOP);
  // An https page from a route counts as a public address and the service is on loopback, so it
  // is allowed to reach it (a real blog and a real API are both public and need no such grant).
  await context.grantPermissions(['local-network-access']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.route('https://blog.example/', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><title>Post</title><body>${body}</body></html>` }));
  await page.goto('https://blog.example/');
  return { page, context, errors };
}

/** The README's code against the packaged service: its address, and its media host on the same port. */
const local = (code: string) => code.replaceAll(README_ORIGIN, packaged.url).replaceAll('//media.localhost:8080/', `//media.localhost:${new URL(packaged.url).port}/`);

test('quick start 1: the progressive snippet shows its GIF before any script, and the player takes over with that file', async () => {
  const [snippet] = quickStarts().html;
  assert.match(snippet, /<script async src="http:\/\/127\.0\.0\.1:8080\/embed\.js" data-api-key=/);
  assert.match(snippet, /<picture><source type="image\/webp" srcset="[^"]+\.webp"><img src="[^"]+\.gif"/, 'the progressive form');
  const { page, context, errors } = await openPage(local(snippet));
  try {
    await page.waitForFunction(() => document.querySelector('[data-gif-id]')?.getAttribute('data-gif-embed-state') === 'ready');
    const [shown, played] = await page.evaluate(() => {
      const el = document.querySelector('[data-gif-id]')!;
      const player = (el.shadowRoot || el.querySelector('*')?.shadowRoot)!.querySelector('img')!;
      return [el.querySelector('img')!.currentSrc, player.currentSrc];
    });
    assert.match(shown, /\/giphy\.webp$/, 'the page showed the WebP');
    assert.is(played, shown, 'the player plays the page\'s own file');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('quick start 2: the React search grid, bundled from gif-embed/api and gif-embed/sdk with React 19, shows GIFs for its term and its message for none', async () => {
  const source = local(quickStarts().tsx);
  assert.match(source, /from 'gif-embed\/sdk'/);
  // The app: the README's component mounted, bundled as an app's bundler would, in the app's
  // folder: the package's names resolve through the installed package's exports.
  const built = await esbuild.build({
    stdin: {
      contents: `${source}\nimport { createRoot } from 'react-dom/client';\nconst el = document.createElement('div'); document.body.append(el); createRoot(el).render(<GifSearch />);`,
      loader: 'tsx', resolveDir: app,
    },
    bundle: true, write: false, format: 'iife', jsx: 'automatic', logLevel: 'silent', metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    absWorkingDir: app,
  });
  const inputs = Object.keys(built.metafile.inputs);
  assert.ok(inputs.some((p) => p.startsWith('node_modules/gif-embed/dist/esm/')), 'bundled from the installed package');
  assert.not.ok(inputs.some((p) => p.includes('/src/')), 'nothing from the repository\'s sources');
  const { page, context, errors } = await openPage(`<script>${built.outputFiles[0].text.replaceAll('</script', '<\\/script')}</script>`);
  try {
    await page.locator('.gif-embed-grid .gif-embed-gif').first().waitFor();
    await page.getByLabel('Search GIFs').fill('zzzqqq');
    await page.getByText('No GIFs for "zzzqqq".').waitFor();
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('quick start 3: the plain page with sdk.js renders its grid', async () => {
  const [, plain] = quickStarts().html;
  assert.match(plain, /GifEmbedSDK\.renderGrid/);
  const { page, context, errors } = await openPage(local(plain));
  try {
    await page.locator('#grid .gif-embed-gif').first().waitFor();
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test('quick start 4: the picker opens from its button, searches, and hands the picked GIF over', async () => {
  const [, , picker] = quickStarts().html;
  assert.match(picker, /GifEmbedSDK\.renderPicker/);
  const { page, context, errors } = await openPage(local(picker));
  try {
    await page.click('#gif-button');
    const field = page.getByRole('combobox', { name: 'Search GIFs' });
    await field.waitFor();
    assert.ok(await field.evaluate((el) => el === document.activeElement), 'the field has focus');
    await field.pressSequentially('dots');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#picker .gif-embed-picker > [role=status]')?.textContent === '7 GIFs for \u2068dots\u2069');
    await page.locator('#picker .gif-embed-gif').first().click();
    await page.waitForFunction(() => (document.getElementById('chosen') as HTMLImageElement).naturalWidth > 0);
    assert.ok((await page.locator('#chosen').getAttribute('alt'))?.trim(), 'the suggested alt on the image');
    assert.ok(await page.locator('#picker').isHidden(), 'closed after the pick');
    assert.is(await page.evaluate(() => document.activeElement?.id), 'gif-button');
    assert.equal(errors, []);
  } finally {
    await context.close();
  }
});

test.run();
