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

type React = { forwardRef: (fn: (p: object, ref: unknown) => unknown) => (p: object) => unknown; memo: <T>(c: T) => T; useState: unknown };

test('runtime exposes one Preact under every specifier plugins import', () => {
  for (const name of ['react', 'react-dom', 'preact/compat', 'preact/hooks', 'preact/jsx-runtime', 'react/jsx-runtime', 'preact', 'goober']) {
    assert.ok(runtime[name], name);
  }
  const react = runtime.react as Record<string, unknown>;
  for (const name of ['useState', 'useEffect', 'useRef', 'useMemo', 'useCallback', 'useId', 'useLayoutEffect', 'useReducer', 'useContext', 'createElement', 'createContext', 'forwardRef', 'memo', 'Fragment']) {
    assert.type(react[name], name === 'Fragment' ? 'function' : 'function', name);
  }
  assert.is((runtime['preact/hooks'] as Record<string, unknown>).useState, react.useState);
});

test('camelCase SVG attributes become the DOM spelling', () => {
  const box = document.createElement('div');
  render(createElement('svg', null, createElement('path', { strokeWidth: '2', fillRule: 'evenodd', d: 'M0 0' })), box);
  const path = box.querySelector('path')!;
  assert.is(path.getAttribute('stroke-width'), '2');
  assert.is(path.getAttribute('fill-rule'), 'evenodd');
});

test('an event handler that throws stays inside the embed', () => {
  const box = document.createElement('div');
  document.body.appendChild(box);
  let ran = false;
  render(createElement('button', { onClick: () => { ran = true; throw new Error('plugin bug'); } }), box);
  box.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  assert.ok(ran, 'the handler ran and its error did not propagate');
});

test('forwardRef hands the ref to the render function', () => {
  const react = runtime.react as unknown as React;
  const Input = react.forwardRef((props, ref) => createElement('input', { ...props, ref } as never));
  const ref = { current: null as HTMLInputElement | null };
  const box = document.createElement('div');
  render(createElement(Input as never, { ref, name: 'x' } as never), box);
  assert.is(ref.current, box.querySelector('input'));
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
