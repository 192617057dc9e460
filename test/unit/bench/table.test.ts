import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { printTable, summarise, type Sample } from '../../../bench/table';

const FIRST = 'first GIF frame painted (ms)';
const sample = (side: Sample['side'], ms?: number): Sample => ms === undefined
  ? { case: 'first frame, one embed', condition: 'plain', side, metrics: {}, failed: 'no first GIF frame within 20 s (peer, plain)' }
  : { case: 'first frame, one embed', condition: 'plain', side, metrics: { [FIRST]: ms } };

test('a sample that failed every try is counted in its cell, beside the samples that were taken', () => {
  const rows = summarise([sample('progressive', 100), sample('peer', 200), sample('peer'), sample('progressive', 110)]);
  assert.is(rows.length, 1);
  assert.equal(rows[0].failed, { peer: 1 });
  assert.equal(rows[0].stats.peer, { median: 200, min: 200, max: 200, runs: 1 });
  const table = printTable(rows, 'header');
  assert.match(table, /\| 200 \(200–200\), 1 failed \|/);
});

test('a case whose every sample failed keeps a row that says so', () => {
  const rows = summarise([sample('peer'), sample('peer'), sample('img', 90)].map((s) => (s.side === 'img' ? { ...s, case: 'bytes, one embed' } : s)));
  const failedRow = rows.find((r) => r.case === 'first frame, one embed')!;
  assert.is(failedRow.metric, 'no sample taken');
  assert.match(printTable(rows, ''), /\| first frame, one embed \| plain \| no sample taken \|.*2 failed/);
});

test.run();
