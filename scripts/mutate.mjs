/**
 * `npm run mutate`: mutation testing of the code that decides money and privacy, with Stryker's
 * command runner (each mutant of a file runs the unit folder that tests it). Not part of
 * `npm test`: it runs the folder once per mutant, minutes per file on 2 cores.
 * For each file it prints the mutation score (killed and timed out, of those that ran) and every
 * mutant that survived, where it is and what it changed; exits 1 when a file scores under
 * MIN_SCORE. Usage: npm run mutate [-- viewability,height] (files whose path contains one of these).
 */
import { Stryker } from '@stryker-mutator/core';

/** The score each file is held to. */
const MIN_SCORE = 85;
const UNIT = 'node --import tsx --import ./test/support/react-is-preact.mjs node_modules/uvu/bin.js';

/** Each file and the unit tests that hold it. */
const TARGETS = [
  ['src/analytics/viewability.ts', `${UNIT} test/unit/analytics '^(viewability|pixels)\\.test\\.ts$'`],
  ['src/analytics/pixels.ts', `${UNIT} test/unit/analytics`],
  ['src/analytics/pingback.ts', `${UNIT} test/unit/analytics`],
  ['src/analytics/consent.ts', `${UNIT} test/unit/analytics`],
  ['src/embed/fetch.ts', `${UNIT} test/unit/loader`],
  ['src/player-page/height.ts', `${UNIT} test/unit '^player-page\\.test\\.ts$'`],
];

const only = process.argv[2]?.split(',');
const chosen = TARGETS.filter(([file]) => !only || only.some((part) => file.includes(part)));
const DETECTED = new Set(['Killed', 'Timeout']);
const RAN = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);
let failed = false;

for (const [file, command] of chosen) {
  const stryker = new Stryker({
    mutate: [file],
    testRunner: 'command',
    commandRunner: { command },
    coverageAnalysis: 'off',
    concurrency: 2,
    timeoutMS: 30_000,
    reporters: [],
    logLevel: 'error',
    fileLogLevel: 'off',
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    // The sandbox needs the sources and the tests, not what the build and the bench leave.
    ignorePatterns: ['dist', '.size', '.test-build', 'bench/*.json', 'bench/*.md', 'test-results', 'reports'],
  });
  const results = await stryker.runMutationTest();
  const ran = results.filter((m) => RAN.has(m.status));
  const detected = ran.filter((m) => DETECTED.has(m.status)).length;
  const score = ran.length ? (100 * detected) / ran.length : 100;
  failed ||= score < MIN_SCORE;
  console.log(`\n${file}: ${score.toFixed(1)}% (${detected} of ${ran.length} mutants detected)${score < MIN_SCORE ? ` under ${MIN_SCORE}%` : ''}`);
  for (const m of ran.filter((m) => !DETECTED.has(m.status))) {
    console.log(`  survived ${m.location.start.line}:${m.location.start.column + 1} ${m.mutatorName}: ${JSON.stringify(m.replacement)}`);
  }
}
process.exit(failed ? 1 : 0);
