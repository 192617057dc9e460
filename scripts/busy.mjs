/**
 * Loads the machine the way a contributor's busy laptop is loaded, to check that the suite holds:
 * N CPU-bound processes (default 2, one per core here) run beside a command and stop when it ends.
 *
 *   node scripts/busy.mjs -- npm test           two busy processes beside npm test
 *   node scripts/busy.mjs --procs 3 -- npm test
 *   node scripts/busy.mjs                       busy until Ctrl-C
 *
 * The command's exit code is this script's exit code.
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const own = dash < 0 ? args : args.slice(0, dash);
const command = dash < 0 ? [] : args.slice(dash + 1);
const at = own.indexOf('--procs');
const procs = at < 0 ? 2 : Number(own[at + 1]);
if (!Number.isInteger(procs) || procs < 1 || procs > 64) {
  console.error('usage: node scripts/busy.mjs [--procs N] [-- command ...]  (N from 1 to 64)');
  process.exit(2);
}

/** One process that keeps one core busy until it is killed (it also stops when this script dies). */
const spin = () => spawn(process.execPath, ['-e', 'for (let i = 0; ; i++) if ((i & 0xfffffff) === 0 && !process.connected) process.exit(0)'], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const hogs = Array.from({ length: procs }, spin);
const stop = () => { for (const h of hogs) h.kill('SIGKILL'); };
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { stop(); process.exit(130); });
console.error(`busy: ${procs} CPU-bound processes running${command.length ? ` beside: ${command.join(' ')}` : ' (Ctrl-C stops them)'}`);

if (command.length) {
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), { stdio: 'inherit', shell: false });
  child.on('close', (code, signal) => {
    stop();
    console.error(`busy: ${command.join(' ')} ended (${signal ?? `exit ${code}`}) after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.exit(code ?? 1);
  });
  child.on('error', (error) => { stop(); console.error(`busy: ${error.message}`); process.exit(1); });
}
