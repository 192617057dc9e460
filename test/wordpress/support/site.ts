/**
 * A real WordPress for the suite: Debian's WordPress 6.1 (scripts/ensure-wordpress.sh installs
 * it, MariaDB and PHP) on a MariaDB of its own (a data folder in a temporary directory, reached
 * by socket only) and PHP's built-in server, configured by ../site/ (nothing outside the suite's
 * folders is written). Everything is stopped and removed by `close()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../browser/support/engines';

const SITE = new URL('../site/', import.meta.url).pathname;
const WORDPRESS = '/usr/share/wordpress';
/** How long the database and the site get to come up on a slow machine. */
const START_TIMEOUT_MS = 60_000;

export interface WordPressSite {
  /** The site's address, http://127.0.0.1:PORT. */
  url: string;
  /** Publishes a post by the site's Author through WordPress's REST API; its id and address. */
  post(title: string, content: string): Promise<{ id: number; link: string }>;
  /** The oEmbed HTML WordPress cached for post `id` (after the post was first shown). */
  stored(id: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Runs `cmd args` to its end; its output, or an error with it. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ').slice(0, 200)} failed (${code}): ${err || out}`))));
  });
}

/** Polls `ready` every 200 ms until it holds or START_TIMEOUT_MS passes. */
async function until(what: string, ready: () => Promise<boolean>, child?: ChildProcess) {
  const end = Date.now() + START_TIMEOUT_MS;
  while (!(await ready().catch(() => false))) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process ended (${child.exitCode})`);
    if (Date.now() > end) throw new Error(`${what} did not come up within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops `child` (and waits for it). */
function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** Starts the site; `servicePort` is the local GIF service's port, which WordPress may fetch. */
export async function startWordPress(servicePort: number): Promise<WordPressSite> {
  const dir = mkdtempSync(join(tmpdir(), 'gif-embed-wp-'));
  const data = join(dir, 'db');
  const socket = join(dir, 'db.sock');
  const content = join(dir, 'content');
  let database: ChildProcess | undefined;
  let php: ChildProcess | undefined;
  const close = async () => {
    await stop(php);
    await stop(database);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await run('mariadb-install-db', ['--no-defaults', '--user=root', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db']);
    database = spawn('/usr/sbin/mariadbd', ['--no-defaults', '--user=root', `--datadir=${data}`, `--socket=${socket}`, '--skip-networking', `--pid-file=${join(dir, 'db.pid')}`], { stdio: 'ignore' });
    const sql = (statement: string) => run('mariadb', ['--no-defaults', '-S', socket, '-u', 'root', '-e', statement]);
    await until('MariaDB', () => sql('SELECT 1').then(() => true), database);
    await sql('CREATE DATABASE wordpress');

    // The content folder: Debian's theme, and the suite's must-use plugin.
    mkdirSync(join(content, 'themes'), { recursive: true });
    mkdirSync(join(content, 'mu-plugins'), { recursive: true });
    symlinkSync(join(WORDPRESS, 'wp-content/themes/twentytwentythree'), join(content, 'themes/twentytwentythree'));
    cpSync(join(SITE, 'mu-plugin.php'), join(content, 'mu-plugins/gif-embed-suite.php'));

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      GIF_EMBED_WP_SOCKET: socket,
      GIF_EMBED_WP_CONTENT: content,
      GIF_EMBED_WP_URL: url,
      GIF_EMBED_WP_SERVICE_PORT: String(servicePort),
    };
    const setup = (...args: string[]) => run('php', [join(SITE, 'setup.php'), ...args], env);
    const installed = JSON.parse(await setup('install')) as { author_unfiltered_html: boolean };
    if (installed.author_unfiltered_html) throw new Error('the Author may post unfiltered HTML: not the role under test');

    // Several workers: the page, its scripts and WordPress's own requests for the oEmbed answer at once.
    php = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', WORDPRESS, join(SITE, 'router.php')], {
      env: { ...process.env, ...env, PHP_CLI_SERVER_WORKERS: '4' },
      stdio: 'ignore',
    });
    await until('WordPress', async () => (await fetch(`${url}/wp-json/`)).ok, php);
    return {
      url,
      post: async (title, body) => JSON.parse(await setup('post', title, body)) as { id: number; link: string },
      stored: async (id) => JSON.parse(await setup('stored', String(id))) as string[],
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
