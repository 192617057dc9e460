/** @jsxImportSource preact */
import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { render, createElement, options } from 'preact';
import type { Runtime } from '../../../src/plugin-types';

// The runtime installs a vnode hook on the shared Preact: load it when this suite runs and remove
// the hook after it, so other suites in the same process see plain Preact.
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

test('runtime exposes one Preact under every specifier plugins import, with the hooks they use', () => {
  for (const name of ['react', 'preact/hooks', 'preact/jsx-runtime', 'react/jsx-runtime', 'preact', 'goober']) {
    assert.ok(runtime[name], name);
  }
  const react = runtime.react as Record<string, unknown>;
  for (const name of ['useState', 'useEffect', 'useRef', 'useMemo', 'useCallback', 'useId', 'createElement', 'render', 'Fragment']) {
    assert.type(react[name], 'function', name);
  }
  assert.is((runtime['preact/hooks'] as Record<string, unknown>).useState, react.useState);
  assert.is((runtime.preact as Record<string, unknown>).createElement, createElement, 'the same Preact as the player');
});

test('the runtime offers exactly the names the plugin build binds (src/runtime-exports.json)', async () => {
  const { readFileSync } = await import('node:fs');
  const declared = JSON.parse(readFileSync(new URL('../../../src/runtime-exports.json', import.meta.url), 'utf8')) as Record<string, string[]>;
  assert.equal(Object.keys(declared).sort(), Object.keys(runtime).sort());
  for (const [specifier, names] of Object.entries(declared)) {
    assert.equal([...names].sort(), Object.keys(runtime[specifier] as object).sort(), specifier);
  }
});

test('an event handler that throws stays inside the embed', () => {
  const box = document.createElement('div');
  document.body.appendChild(box);
  let ran = false;
  render(createElement('button', { onClick: () => { ran = true; throw new Error('plugin bug'); } }), box);
  box.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  assert.ok(ran, 'the handler ran and its error did not propagate');
});

test('goober rules from plugins land in the shared shadow stylesheet', () => {
  const host = document.createElement('div');
  const shadow = host.attachShadow({ mode: 'open' });
  const { adoptStyles, addCss, cssSink } = styles;
  const headStyles = document.head.querySelectorAll('style').length;
  adoptStyles(shadow);
  addCss('.static{color:red}');
  const css = (runtime.goober as { css: (s: TemplateStringsArray) => string }).css;
  const cls = css`color: blue;`;
  const text = (shadow.adoptedStyleSheets?.length ? [...shadow.adoptedStyleSheets[0].cssRules].map((r) => r.cssText).join('') : shadow.querySelector('style')!.textContent) || '';
  assert.match(text.replace(/\s/g, ''), '.static{color:red');
  assert.match(text.replace(/\s/g, ''), `.${cls}{color:blue`);
  assert.is(document.head.querySelectorAll('style').length, headStyles, 'nothing added to the host document');
  assert.ok(cssSink);
});

test.run();
