/**
 * What lets a long bench run survive its browser and be picked up again: a browser that is
 * started anew when it is lost, a sample taken again when it fails, and every sample written
 * to the results file as soon as it is taken (an atomic rename), so `--resume` goes on from
 * the last one.
 */
import { chromium, type Browser } from 'playwright-core';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/browser/support/harness';
import type { Row, Sample } from './table';

/** How many times one sample is tried before it is recorded as failed (and the run goes on). */
export const SAMPLE_TRIES = 3;
/** A sample that takes longer than this is stopped (its browser closed) and taken again. */
export const SAMPLE_TIMEOUT_MS = 180_000;

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The one browser of the run, launched again whenever it has gone (crashed, killed, closed). */
export class Chromium {
  private browser?: Browser;
  private starting?: Promise<Browser>;
  version = '';

  async get(): Promise<Browser> {
    if (this.browser?.isConnected()) return this.browser;
    if (this.browser) log('the browser was lost between samples; starting a new one');
    this.browser = undefined;
    this.starting ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }).then((b) => {
      this.browser = b;
      this.version = b.version();
      this.starting = undefined;
      return b;
    }, (error) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  async close() {
    await this.browser?.close().catch(() => undefined);
    this.browser = undefined;
  }
}

/**
 * Takes one sample with the run's browser. A failure (the browser lost, a page crashed, no
 * answer within SAMPLE_TIMEOUT_MS) closes that browser and takes the sample again in a new
 * one, up to SAMPLE_TRIES times, then throws (the run records the sample as failed and goes
 * on); a half-taken sample is never kept.
 */
export async function takeSample<T>(browsers: Chromium, label: string, take: (browser: Browser) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const browser = await browsers.get();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onLost: (() => void) | undefined;
    try {
      return await Promise.race([
        take(browser),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no result within ${SAMPLE_TIMEOUT_MS / 1000} s`)), SAMPLE_TIMEOUT_MS))),
        // A browser lost mid-sample ends it at once: a wait of the sample's that its pages never
        // answer (a console line, a frame) would otherwise hold it until the timeout.
        new Promise<never>((_, reject) => {
          onLost = () => reject(new Error('the browser disconnected'));
          browser.once('disconnected', onLost);
          if (!browser.isConnected()) onLost();
        }),
      ]);
    } catch (error) {
      const lost = !browser.isConnected();
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(`${label}: ${lost ? 'the browser was lost' : 'the sample failed'} (${why}); ${attempt < SAMPLE_TRIES ? 'taking it again in a new browser' : `giving up after ${SAMPLE_TRIES} tries`}`);
      if (attempt >= SAMPLE_TRIES) throw error;
      // A failed sample may leave pages running: the next try starts from a clean browser.
      await browsers.close();
    } finally {
      clearTimeout(timer);
      if (onLost) browser.off('disconnected', onLost);
    }
  }
}

/** The choices that make two runs' samples comparable: `--resume` refuses a file taken with others. */
export interface Settings { mode: 'quick' | 'full'; runs: number; cycles: number; conditions: string[]; only?: string; sides?: string[] }

export interface Results {
  settings: Settings;
  /** False until every case has its samples. */
  complete: boolean;
  /** Seconds spent taking samples, over every session of a resumed run. */
  seconds: number;
  header?: string;
  chromium: string;
  date: string;
  samples: Sample[];
  rows?: Row[];
}

/** Reads a results file to resume; refuses one taken with other settings. */
export function loadForResume(path: string, settings: Settings): Results | undefined {
  if (!existsSync(path)) return undefined;
  const saved = JSON.parse(readFileSync(path, 'utf8')) as Results;
  if (JSON.stringify(saved.settings) !== JSON.stringify(settings)) {
    throw new Error(`${path} was taken with other settings (${JSON.stringify(saved.settings)}); run without --resume to start again`);
  }
  return saved;
}

/** Writes `results` to `path` whole or not at all (a crash mid-write leaves the last good file). */
export function writeResults(path: string, results: Results) {
  writeFileSync(`${path}.tmp`, JSON.stringify(results, null, 1));
  renameSync(`${path}.tmp`, path);
}
