/**
 * What the runtime suites share: the docs' sections read as files and commands, the packed
 * package unpacked as `npm i` would install it (offline), a project folder per runtime, strict
 * type checks with the runtime's own types, and a runtime serving on loopback.
 */
import * as assert from 'uvu/assert';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../browser/support/engines';

export const root = new URL('../../', import.meta.url).pathname;
export const bin = (name: string) => join(root, 'test/runtimes/node_modules/.bin', name);
const tsc = join(root, 'node_modules/.bin/tsc');

/** How long a runtime may take to start (wrangler bundles the Worker and starts workerd). */
export const START_MS = 60_000;
export const ANSWER_MS = 15_000;
/** What wrangler is told so that it runs quietly and asks nothing. */
export const QUIET_WRANGLER = { WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CI: 'true' };

export interface Section {
  /** The files the section gives, by the name written above each block. */
  files: Record<string, string>;
  /** The commands of its shell block, comments and blank lines dropped. */
  commands: string[];
}

/** `docs/{doc}`'s `### {heading}` section: its named files and its commands. */
export function section(doc: string, heading: string): Section {
  const docs = readFileSync(join(root, 'docs', doc), 'utf8');
  const start = docs.indexOf(`\n### ${heading}\n`);
  assert.ok(start >= 0, `docs/${doc} has a "### ${heading}" section`);
  const end = docs.indexOf('\n### ', start + 5);
  const text = docs.slice(start, end < 0 ? undefined : end);
  const files: Record<string, string> = {};
  for (const [, name, code] of text.matchAll(/`([^`\n]+)`:\n\n```\w+\n([^]*?)```/g)) files[name] = code;
  const shell = /```sh\n([^]*?)```/.exec(text)?.[1] ?? '';
  const commands = shell.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
  return { files, commands };
}

/** A scratch folder holding the packed package in its node_modules, as `npm i gif-embed` leaves it. */
export function packedScratch(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'gif-embed-runtimes-'));
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const modules = join(scratch, 'node_modules');
  mkdirSync(modules);
  execFileSync('tar', ['-xzf', join(scratch, packed.filename), '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'gif-embed'));
  for (const name of ['goober', 'preact']) symlinkSync(join(root, 'node_modules', name), join(modules, name));
  return scratch;
}

/** A project folder for one runtime: the docs' files in it, the package beside them. */
export function project(scratch: string, name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), code);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `gif-embed-${name}`, private: true, type: 'module', dependencies: { 'gif-embed': '*' } }));
  symlinkSync(join(scratch, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  try {
    return execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: START_MS });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${stdout}${stderr}`.slice(0, 3000));
  }
}

/** Strict TypeScript over `files` with `options` (the runtime's types); throws with the errors. */
export function typeCheck(dir: string, files: string[], options: Record<string, unknown>): void {
  writeFileSync(join(dir, 'tsconfig.strict.json'), JSON.stringify({
    compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: false, ...options },
    files,
  }));
  run(tsc, ['-p', 'tsconfig.strict.json'], dir);
}

/** A runtime serving on loopback, in its own process group (wrangler starts workerd under it). */
export async function serve(cmd: string, args: string[], cwd: string, url: string, env: Record<string, string> = {}): Promise<{ output(): string; stop(): void }> {
  const child: ChildProcess = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
    if (up) return { output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error(`${cmd} ${args.join(' ')} did not answer at ${url} (exit ${child.exitCode}):\n${output.slice(-3000)}`);
}

/** A runtime serving on a free loopback port: where, and how to stop it. */
export interface Served {
  origin: string;
  stop(): void;
}

/**
 * The docs' Worker in `dir` readied as its commands say: `secrets` in `.dev.vars` (the local
 * form of `wrangler secret put`), `wrangler types`, then strict TypeScript over the Worker with
 * the types it wrote. Returns those types.
 */
export function readyWorker(dir: string, secrets: Record<string, string>): string {
  writeFileSync(join(dir, '.dev.vars'), Object.entries(secrets).map(([name, value]) => `${name}=${value}\n`).join(''));
  run(bin('wrangler'), ['types'], dir, QUIET_WRANGLER);
  typeCheck(dir, ['src/worker.ts', 'worker-configuration.d.ts'], { lib: ['es2024'], types: [] });
  return readFileSync(join(dir, 'worker-configuration.d.ts'), 'utf8');
}

/** `wrangler dev` of the Worker in `dir` on a free loopback port, `vars` overriding its variables; up once `probe` (a path) answers. */
export async function wranglerDev(dir: string, vars: Record<string, string>, probe: string): Promise<Served> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const overrides = Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const worker = await serve(bin('wrangler'), ['dev', '--ip', '127.0.0.1', '--port', String(port), ...overrides], dir, `${origin}${probe}`, QUIET_WRANGLER);
  return { origin, stop: worker.stop };
}

/**
 * `deno check` of `dir`'s main.ts, then the docs' `serveLine` (`deno serve ...`) with where to
 * listen added (its default is every interface, port 8000), with `env`; up once `probe` answers.
 */
export async function denoServe(scratch: string, dir: string, serveLine: string, env: Record<string, string>, probe: string): Promise<Served> {
  const denoEnv = { DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1', DENO_DIR: join(scratch, '.deno') };
  run(bin('deno'), ['check', 'main.ts'], dir, denoEnv);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const args = serveLine.split(' ').slice(1);
  args.splice(1, 0, '--host', '127.0.0.1', '--port', String(port));
  const deno = await serve(bin('deno'), args, dir, `${origin}${probe}`, { ...denoEnv, ...env });
  return { origin, stop: deno.stop };
}

/** `cmd args` in `dir` with `env`, told where to listen by HOST and PORT (a free loopback port); up once `probe` answers. */
export async function serveOnPort(cmd: string, args: string[], dir: string, env: Record<string, string>, probe: string): Promise<Served> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await serve(cmd, args, dir, `${origin}${probe}`, { ...env, HOST: '127.0.0.1', PORT: String(port) });
  return { origin, stop: server.stop };
}
