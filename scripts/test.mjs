/**
 * `npm test`: type-check, build, unit suite, size budgets, browser suite, WordPress suite, edge-runtimes
 * suite — every step runs,
 * and the last line counts the whole run as `N passed, N failed`.
 * A step that cannot report its own count (type-check, build, the browsers' install) counts as one.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tally = { passed: 0, failed: 0 };
const ansi = /\x1b\[[0-9;]*m/g;

/**
 * How long a suite may stay alive after uvu printed its summary: a test that failed half-way can
 * leave a timer or a socket behind that keeps Node running, and the run must not wait on it.
 */
const AFTER_SUMMARY_MS = 10_000;

/** Runs `cmd args`, echoing its output live; resolves with { code, out } (out without colours). */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let lingering;
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
      if (!lingering && /Duration:/.test(String(d).replace(ansi, ''))) {
        lingering = setTimeout(() => {
          console.log(`\n(${cmd} still running ${AFTER_SUMMARY_MS / 1000} s after its summary: stopped)`);
          child.kill('SIGKILL');
        }, AFTER_SUMMARY_MS);
      }
    });
    child.on('close', () => clearTimeout(lingering));
    child.stderr.on('data', (d) => { out += d; process.stderr.write(d); });
    child.on('close', (code) => resolve({ code: code ?? 1, out: out.replace(ansi, '') }));
    child.on('error', (err) => resolve({ code: 1, out: String(err) }));
  });
}

function count(label, passed, failed) {
  tally.passed += passed;
  tally.failed += failed;
  console.log(`\n[${label}] ${passed} passed, ${failed} failed\n`);
}

/** One pass/fail step. */
async function step(label, cmd, args) {
  console.log(`\n== ${label}: ${cmd} ${args.join(' ')}`);
  const { code } = await run(cmd, args);
  count(label, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

/** A uvu suite: reads its `Total:` / `Passed:` lines; a crash before them counts as one failure. */
async function uvu(label, dir, imports = [], pattern = '\\.test\\.(tsx?|mjs)$') {
  console.log(`\n== ${label}: uvu ${dir}`);
  const preload = ['tsx', ...imports].flatMap((m) => ['--import', m]);
  const { code, out } = await run('node', [...preload, 'node_modules/uvu/bin.js', dir, pattern]);
  const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const passed = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(out)?.[1] ?? 0);
  let failed = total - passed - skipped;
  if (code !== 0 && failed === 0) failed = 1;
  count(label, passed, failed + skipped);
}

/** size-limit: one check per budget in .size-limit.json. */
async function sizes() {
  console.log('\n== size budgets: size-limit');
  const { code, out } = await run('node_modules/.bin/size-limit', ['--json']);
  let results = [];
  try {
    results = JSON.parse(out.slice(out.indexOf('['), out.lastIndexOf(']') + 1));
  } catch {
    count('size', 0, 1);
    return;
  }
  // size-limit reports a missing file as a negative size that "passes": that is a failure here.
  const ok = (r) => r.passed && r.size > 0;
  for (const r of results) {
    const what = r.size > 0 ? `${(r.size / 1000).toFixed(2)} kB of ${(r.sizeLimit / 1000).toFixed(2)} kB` : 'file missing';
    console.log(`${ok(r) ? 'ok  ' : 'FAIL'} ${r.name}: ${what}`);
  }
  const passed = results.filter(ok).length;
  count('size', passed, results.length - passed || (code === 0 ? 0 : 1));
}

/**
 * The unit suite: units render through preact/compat, as every file a browser downloads does.
 * Each folder runs in a process of its own (and the files at the top in one more): a file must
 * not pass only because another one ran first and left its module state behind, nor fail
 * because one left a DOM in place of a server's globals (test/unit/proxy runs on Node's own).
 */
async function units() {
  const unitFolders = readdirSync(join(root, 'test/unit'), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'support').map((e) => e.name).sort();
  await uvu('unit', 'test/unit', ['./test/support/react-is-preact.mjs'], '^[^/]+\\.test\\.(tsx?|mjs)$');
  for (const folder of unitFolders) await uvu(`unit ${folder}`, `test/unit/${folder}`, ['./test/support/react-is-preact.mjs']);
}

// `npm run test:unit`: the unit suite alone, as `npm test` runs it.
if (process.argv.includes('--unit')) {
  await units();
  console.log(`${tally.passed} passed, ${tally.failed} failed`);
  process.exit(tally.failed ? 1 : 0);
}

await step('type-check', 'node_modules/.bin/tsc', ['-p', 'tsconfig.json']);
// No import circles (madge: type imports count too, as they say which file owns what).
await step('import circles', 'npm', ['run', '--silent', 'circles']);
const built = await step('build', 'node', ['build.mjs']);
await units();
// The SDK under real React 18 and React 19, server rendering and hydration included.
if (await step('react suites build', 'node', ['scripts/react-suites.mjs'])) {
  await uvu('react 18', '.test-build/react-18');
  await uvu('react 19', '.test-build/react-19');
} else count('react 18 and 19 (not run: their build failed)', 0, 2);
if (built) {
  await sizes();
  if (await step('browsers', 'bash', ['scripts/ensure-browsers.sh'])) await uvu('browser', 'test/browser');
  else count('browser', 0, 1);
  // The oEmbed path in real WordPress (Debian's, with MariaDB and PHP): its own suite.
  if (await step('wordpress install', 'bash', ['scripts/ensure-wordpress.sh'])) await uvu('wordpress', 'test/wordpress');
  else count('wordpress', 0, 1);
  // docs/oembed.md's edge-runtime setups in workerd, Deno and Bun (from npm): their own suite.
  if (await step('runtimes install', 'bash', ['scripts/ensure-runtimes.sh'])) await uvu('runtimes', 'test/runtimes');
  else count('runtimes', 0, 1);
} else {
  count('size, browser, wordpress and runtimes (not run: build failed)', 0, 4);
}

console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed ? 1 : 0);
