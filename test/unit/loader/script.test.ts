import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readScript } from '../../../src/embed/script';
import { scriptTagCode } from '../../../src/model/share';

function script(attrs: Record<string, string>) {
  const el = document.createElement('script');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

test('API and pingback hosts default to the script origin; plugins come from its folder', () => {
  const s = readScript(script({ src: 'https://cdn.example/gif-embed/1.0/embed.js', 'data-api-key': 'KEY' }));
  assert.is(s.apiKey, 'KEY');
  assert.is(s.apiBase, 'https://cdn.example');
  assert.is(s.pingbackBase, 'https://cdn.example');
  assert.is(s.base, 'https://cdn.example/gif-embed/1.0/');
  assert.is(s.nonce, '');
});

test('data-api-base, data-pingback-base, data-site-base and nonce are taken from the tag', () => {
  const s = readScript(script({
    src: '/embed.js', 'data-api-base': 'https://api.example', 'data-pingback-base': 'https://pb.example',
    'data-site-base': 'https://site.example', nonce: 'abc',
  }));
  assert.is(s.apiBase, 'https://api.example');
  assert.is(s.pingbackBase, 'https://pb.example');
  assert.is(s.siteBase, 'https://site.example');
  assert.is(s.nonce, 'abc');
  assert.is(s.base, `${location.origin}/`);
});

test('the tag as another page would include it: absolute src, key and hosts, escaped, never the nonce', () => {
  const s = readScript(script({
    src: '/gif-embed/embed.js', 'data-api-key': 'K"E<Y', 'data-api-base': 'https://api.example', nonce: 'secret', onload: 'x()',
  }));
  assert.is(scriptTagCode(s.tag!), `<script async src="${location.origin}/gif-embed/embed.js" data-api-key="K&quot;E&lt;Y" data-api-base="https://api.example"></script>`);
});

test('first-party mode: an API base and no key; the pingbacks follow the API base; no key warning; the tag names the base in full', () => {
  const warned: unknown[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warned.push(args);
  try {
    const s = readScript(script({ src: '/embed.js', 'data-api-base': '/gif-api/' }));
    assert.is(s.apiKey, '');
    assert.is(s.apiBase, '/gif-api/');
    assert.is(s.pingbackBase, '/gif-api/', 'pingbacks go where the API calls go');
    assert.is(scriptTagCode(s.tag!), `<script async src="${location.origin}/embed.js" data-api-base="${location.origin}/gif-api"></script>`);
    assert.equal(warned, [], 'no "No API key" warning: the proxy puts the key in');
    readScript(script({ src: '/embed.js' }));
    assert.is(warned.length, 1, 'without a key and without a base, the warning');
    assert.is(readScript(script({ src: '/embed.js', 'data-api-base': '/gif-api', 'data-pingback-base': 'https://pb.example' })).pingbackBase, 'https://pb.example');
  } finally {
    console.warn = warn;
  }
});

test('without a script tag (unknown currentScript) the page origin is used', () => {
  const s = readScript(null);
  assert.is(s.apiBase, location.origin);
  assert.is(s.apiKey, '');
});

test.run();
