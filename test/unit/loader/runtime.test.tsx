import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { options } from 'preact';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import type { Runtime } from '../../../src/plugin-types';

// The runtime installs an option hook on the shared Preact: load it when this suite runs and
// remove the hook after it, so other suites in the same process see plain Preact.
let runtime: Runtime;
let styles: typeof import('../../../src/embed/styles');
let vnodeBefore: typeof options.vnode;
test.before(async () => {
  vnodeBefore = options.vnode;
  runtime = ((await import('../../../src/runtime')) as { runtime: Runtime }).runtime;
  styles = await import('../../../src/embed/styles');
});
test.after(() => {
  options.vnode = vnodeBefore;
});

test('plugins get the page\'s one React (preact/compat) and its JSX runtime', () => {
  const react = runtime.react as Record<string, unknown>;
  assert.is(react.createElement, createElement, 'the same compat React as the player');
  for (const name of ['useState', 'useEffect', 'useRef', 'useMemo', 'useCallback', 'useId']) assert.type(react[name], 'function', name);
  assert.type((runtime['react/jsx-runtime'] as Record<string, unknown>).jsx, 'function');
});

test('the runtime offers exactly the names the plugin build binds (src/runtime-exports.json)', async () => {
  const { readFileSync } = await import('node:fs');
  const declared = JSON.parse(readFileSync(new URL('../../../src/runtime-exports.json', import.meta.url), 'utf8')) as Record<string, string[]>;
  assert.equal(Object.keys(declared).sort(), Object.keys(runtime).sort());
  for (const [specifier, names] of Object.entries(declared)) {
    assert.equal([...names].sort(), Object.keys(runtime[specifier] as object).sort(), specifier);
    for (const name of names) assert.ok((runtime[specifier] as Record<string, unknown>)[name] !== undefined, `${specifier} ${name}`);
  }
});

test('an event handler that throws stays inside the embed', async () => {
  const box = document.createElement('div');
  document.body.appendChild(box);
  let ran = false;
  const root = createRoot(box);
  await act(() => root.render(createElement('button', { onClick: () => { ran = true; throw new Error('plugin bug'); } })));
  // What reaches the host page: the window's error event (the browser's report of an uncaught error).
  const reached: string[] = [];
  const onError = (event: Event) => reached.push((event as ErrorEvent).message);
  window.addEventListener('error', onError);
  try {
    box.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  } finally {
    window.removeEventListener('error', onError);
  }
  assert.ok(ran, 'the handler ran');
  assert.equal(reached, [], 'its error did not reach the page');
  await act(() => root.unmount());
  box.remove();
});

test('goober rules from plugins land in the shared shadow stylesheet, not the host document', async () => {
  const host = document.createElement('div');
  const shadow = host.attachShadow({ mode: 'open' });
  const { adoptStyles, addCss } = styles;
  const goober = await import('../../../src/embed/goober');
  const headStyles = document.head.querySelectorAll('style').length;
  adoptStyles(shadow);
  addCss('.static{color:red}');
  const cls = goober.css`color: blue;`;
  const frames = goober.keyframes`from { opacity: 0 }`;
  const text = (shadow.adoptedStyleSheets?.length ? [...shadow.adoptedStyleSheets[0].cssRules].map((r) => r.cssText).join('') : shadow.querySelector('style')!.textContent) || '';
  assert.match(text.replace(/\s/g, ''), '.static{color:red');
  assert.match(text.replace(/\s/g, ''), `.${cls}{color:blue`);
  assert.match(text.replace(/\s/g, ''), `@keyframes${frames}`);
  assert.is(document.head.querySelectorAll('style').length, headStyles, 'nothing added to the host document');
});

test.run();
