import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { options } from 'preact';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
// The runtime installs an option hook on the shared Preact: load it when this suite runs and
// remove the hook after it, so other suites in the same process see plain Preact.
let styles: typeof import('../../../src/embed/styles');
let vnodeBefore: typeof options.vnode;
let frameBefore: typeof options.requestAnimationFrame;
test.before(async () => {
  vnodeBefore = options.vnode;
  frameBefore = options.requestAnimationFrame;
  (await import('../../../src/runtime')).ownPreact();
  styles = await import('../../../src/embed/styles');
});
test.after(() => {
  options.vnode = vnodeBefore;
  options.requestAnimationFrame = frameBefore;
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
