/**
 * First-party mode on the client's side (docs/proxy.md): with an API base and no key, the calls
 * carry no key at all (the proxy puts it in), and the pingbacks go where the API calls go.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configure, getConfig } from '../../../src/config';
import { v1Url } from '../../../src/api/v1';
import { pingbackUrl } from '../../../src/analytics/pingback';

const saved = { ...getConfig() };
test.after.each(() => void configure(saved));

test('no key: no api_key on an API call, no apikey on the pingbacks, which follow the API base', () => {
  configure({ apiBase: '/gif-api/', apiKey: '', pingbackBase: '' });
  assert.is(v1Url('gifs/trending', { limit: 3 }), '/gif-api/v1/gifs/trending?limit=3');
  assert.is(pingbackUrl(), '/gif-api/pingback');
  configure({ pingbackBase: 'https://pb.example' });
  assert.is(pingbackUrl(), 'https://pb.example/pingback', 'a pingback base of its own wins');
});

test('with a key, as before: api_key and apikey', () => {
  configure({ apiBase: 'https://api.example', apiKey: 'K&1', pingbackBase: 'https://pb.example' });
  assert.is(v1Url('gifs/trending'), 'https://api.example/v1/gifs/trending?api_key=K%261');
  assert.is(pingbackUrl(), 'https://pb.example/pingback?apikey=K%261');
});

test.run();
