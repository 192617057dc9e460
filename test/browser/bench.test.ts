/**
 * The bench survives what ends long runs: its browser killed mid-run (it starts a new one and
 * takes that sample again), and the bench itself killed (`--resume` goes on from the samples it
 * wrote). Both on a small run: two cases, two sides, the built dist/.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'bench-'));
const out = join(dir, 'run');
/** Two quick cases, the progressive snippet and the bare <img>: 2 first-frame samples a side and 1 bytes sample a side. */
const ARGS = ['--import', 'tsx', 'bench/run.ts', '--no-build', '--verbose', '--runs', '1', '--only', 'first frame,bytes', '--sides', 'progressive,img', '--out', out];
const EXPECTED: Record<string, number> = {
  'first frame, one embed|progressive': 2, 'first frame, one embed|img': 2, 'bytes, one embed|progressive': 1, 'bytes, one embed|img': 1, 'first frame, 10 embeds|progressive': 2,
};
/** A bench run that takes longer than this has hung: it is killed and the test fails. */
const RUN_LIMIT_MS = 150_000;

interface Saved { complete: boolean; samples: { case: string; side: string; condition: string; metrics: Record<string, number> }[] }
const saved = (): Saved | undefined => { try { return JSON.parse(readFileSync(`${out}.json`, 'utf8')); } catch { return undefined; } };
const counts = (s: Saved) => {
  const c: Record<string, number> = {};
  for (const x of s.samples) c[`${x.case}|${x.side}`] = (c[`${x.case}|${x.side}`] ?? 0) + 1;
  return c;
};

/** Starts the bench; resolves its exit code and stderr when it ends; `line(re)` waits for a line of its stderr. */
function bench(extra: string[] = []) {
  const child = spawn(process.execPath, [...ARGS, ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const waiting: [RegExp, () => void][] = [];
  child.stderr!.on('data', (d) => {
    stderr += d;
    for (const [re, resolve] of [...waiting]) if (re.test(stderr)) resolve();
  });
  const line = (re: RegExp) => new Promise<void>((resolve, reject) => {
    if (re.test(stderr)) return resolve();
    waiting.push([re, resolve]);
    child.on('close', () => reject(new Error(`the bench ended before ${re}: ${stderr}`)));
  });
  child.stdout!.resume();
  const ended = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const limit = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('close', (code) => { clearTimeout(limit); resolve({ code, stderr }); });
  });
  return { child, ended, line };
}

/** The processes whose parent is `pid` (from /proc): the bench's Chromium is its child. */
function childrenOf(pid: number) {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).flatMap((p) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(ppid) === pid ? [{ pid: Number(p), comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) }] : [];
    } catch {
      return [];
    }
  });
}

/** Waits (polling the results file, at most RUN_LIMIT_MS) until it holds `n` samples. */
async function untilSamples(n: number, child: ChildProcess) {
  const end = Date.now() + RUN_LIMIT_MS;
  while ((saved()?.samples.length ?? 0) < n) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`the bench wrote ${saved()?.samples.length ?? 0} samples, ${n} awaited`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the bench\'s browser killed mid-run: a new browser takes that sample again and the run ends with every case', async () => {
  rmSync(`${out}.json`, { force: true });
  const { child, ended, line } = bench();
  // As the third sample starts: its page is opening in the browser that is killed.
  await line(/taking first frame, one embed \(plain, \w+, sample 2 of 2\)\n/);
  const browsers = childrenOf(child.pid!).filter((p) => /chrom/i.test(p.comm));
  assert.ok(browsers.length >= 1, `the bench's browser found among its children: ${JSON.stringify(childrenOf(child.pid!))}`);
  // The browser and its renderers (one process group: Playwright starts it detached).
  for (const b of browsers) process.kill(-b.pid, 'SIGKILL');
  const { code, stderr } = await ended;
  assert.is(code, 0, stderr);
  assert.match(stderr, /sample 2 of 2\): the browser was lost \(.*\); taking it again in a new browser/);
  const s = saved()!;
  assert.ok(s.complete, 'the results file says the run is complete');
  assert.equal(counts(s), EXPECTED, 'every case has all its samples, none twice');
  assert.ok(s.samples.every((x) => Object.values(x.metrics).every(Number.isFinite)), 'every sample has its figures');
  const table = readFileSync(`${out}.md`, 'utf8');
  assert.match(table, /\| first frame, one embed \| plain \| first GIF frame painted \(ms\) \|/);
  assert.match(table, /\| bytes, one embed \| plain \| JS bytes \(gzip\) \|/);
});

test('the bench killed mid-run: --resume keeps the samples it wrote and takes only the rest', async () => {
  rmSync(`${out}.json`, { force: true });
  rmSync(`${out}.md`, { force: true });
  const first = bench();
  await untilSamples(3, first.child);
  const browsers = childrenOf(first.child.pid!).filter((p) => /chrom/i.test(p.comm));
  first.child.kill('SIGKILL');
  for (const b of browsers) { try { process.kill(-b.pid, 'SIGKILL'); } catch { /* gone with its parent */ } }
  await first.ended;
  const left = saved()!;
  assert.not.ok(left.complete, 'a stopped run is not complete');
  assert.ok(!existsSync(`${out}.md`), 'no table from a stopped run');
  const kept = left.samples.length;
  assert.ok(kept >= 3 && kept < 8, `${kept} samples written before the kill`);

  const { code, stderr } = await bench(['--resume']).ended;
  assert.is(code, 0, stderr);
  assert.match(stderr, new RegExp(`resuming .*: ${kept} samples kept`));
  const s = saved()!;
  assert.ok(s.complete);
  assert.equal(counts(s), EXPECTED, 'every case has all its samples, none twice');
  assert.equal(s.samples.slice(0, kept), left.samples, 'the samples taken before the kill are kept as they were');

  // Other settings: refused, the file left as it was.
  const other = await bench(['--resume', '--cycles', '5']).ended;
  assert.is.not(other.code, 0);
  assert.match(other.stderr, /was taken with other settings/);
  assert.equal(saved(), s);
});

test('an engine the machine lacks: its rows are left out, the run says which and how to add it, and ends with its result file', async () => {
  const path = join(dir, 'engines');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--no-build', '--no-install', '--full', '--runs', '1', '--only', 'first GIF frame in Firefox', '--out', path], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, FIREFOX_PATH: join(dir, 'no-firefox-here') },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.is(code, 0, stderr);
  assert.match(stderr, /Leaving out the firefox rows: .*no-firefox-here is not installed \(scripts\/ensure-browsers\.sh installs it, as root\)/);
  const results = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as Saved & { header: string };
  assert.ok(results.complete, 'the result file, complete');
  assert.equal(results.samples, [], 'no Firefox sample');
  assert.match(results.header, /Left out: the firefox rows \(not installed\)\./);
});

test.run();
