import '../support/dom';
import '../support/english';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install, observersOf } from '../support/observers';
import { ERROR_EVENT, READY_EVENT, report } from '../../../src/embed/report';
import { announcerOf, shadowContainer } from '../../../src/embed/shadow';
import { release, start, watch, type EmbedPage } from '../../../src/embed/embed';
import { nearWatch } from '../../../src/embed/near';
import { gifBatcher } from '../../../src/embed/fetch';
import { slices } from '../../../src/slices';
import { addTable } from '../../../src/i18n';
import { PLAYER_EN } from '../../../src/i18n/en';
import { tables as de } from '../../../src/i18n/locales/de';
import { tables as fr } from '../../../src/i18n/locales/fr';
import { whenTable } from '../../../src/i18n/tables';
import { STATE_ATTR } from '../../../src/embed/placeholder';
import { FetchError } from '../../../src/api/errors';

test.before(install);

const placeholder = (attrs: Record<string, string> = {}) => {
  const el = document.body.appendChild(document.createElement('div'));
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  return el;
};

/** What was said is written once the reader's table is here: a microtask when it is. */
const said = () => new Promise((resolve) => setTimeout(resolve));

test('report: the state attribute, said once in the reader\'s language, and an event for ready and error', async () => {
  addTable('de', de.de);
  const el = placeholder({ 'data-lang': 'de' });
  const container = shadowContainer(el);
  const events: [string, unknown][] = [];
  el.addEventListener(READY_EVENT, (e) => void events.push([e.type, (e as CustomEvent).detail]));
  el.addEventListener(ERROR_EVENT, (e) => void events.push([e.type, (e as CustomEvent).detail]));
  report(el, container, 'loading');
  const live = announcerOf(container)!;
  assert.is(el.getAttribute(STATE_ATTR), 'loading');
  await said();
  assert.is(live.textContent, de.de.loadingGif);
  assert.is(live.getAttribute('lang'), 'de');
  report(el, container, 'ready', { id: 'g', title: 'T', width: 4, height: 3 });
  await said();
  assert.is(live.textContent, de.de.gifLoaded);
  report(el, container, 'error', { id: 'g' }, 'notFound');
  assert.equal(events, [
    [READY_EVENT, { id: 'g', title: 'T', width: 4, height: 3 }],
    [ERROR_EVENT, { id: 'g', message: PLAYER_EN.notFound }],
  ], 'the page is told at once, in English, as its console is');
  await said();
  assert.is(live.textContent, de.de.notFound, 'the error\'s key, in the reader\'s table');
  report(el, undefined, 'loading');
  assert.is(el.getAttribute(STATE_ATTR), 'loading', 'before it has a container: the attribute only');
  el.remove();
});

test('report: a reader whose table is still coming hears nothing in English; once it is here, the state the placeholder is in, in their language', async () => {
  const el = placeholder({ 'data-lang': 'fr' });
  const container = shadowContainer(el);
  const live = announcerOf(container)!;
  report(el, container, 'loading');
  report(el, container, 'ready', { id: 'g', title: 'T', width: 4, height: 3 });
  assert.is(el.getAttribute(STATE_ATTR), 'ready', 'the page sees the state at once');
  assert.is(live.textContent, '');
  await whenTable('fr');
  await said();
  assert.is(live.textContent, fr.fr.gifLoaded, 'the loading it left is not said');
  assert.is(live.getAttribute('lang'), 'fr');
  el.remove();
});

/** A page of one's own for the embed's life, as page.ts makes one. */
function page(request: (id: string) => Promise<never>): EmbedPage {
  const embeds = new Map();
  const gifs = gifBatcher(() => []);
  return { embeds, near: nearWatch(embeds, () => {}), gifs: { ...gifs, request }, shows: slices<() => void>((show) => show()) };
}

test('an embed\'s life: watched (state loading, box reserved), started, failed with its error view, released with nothing left', async () => {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (text: string) => void warnings.push(text);
  try {
    const failure = new FetchError({ status: 503 });
    const p = page(() => Promise.reject(new Error('loadFailed', { cause: failure })));
    const el = placeholder({ 'data-gif-id': 'e1', 'data-width': '480', 'data-height': '360' });
    watch(p, el);
    const embed = p.embeds.get(el)!;
    assert.is(embed.el, el);
    assert.is(el.getAttribute(STATE_ATTR), 'loading');
    assert.is(el.style.aspectRatio.replace(/ /g, ''), '480/360', 'the box is reserved');
    assert.ok(observersOf(el).length, 'watched for coming near');
    start(embed);
    assert.equal(observersOf(el), [], 'started: watched no more');
    await new Promise((r) => setTimeout(r, 10));
    assert.is(el.getAttribute(STATE_ATTR), 'error');
    const view = embed.container!.querySelector('.er')!;
    assert.is(view.querySelector('p')!.textContent, PLAYER_EN.loadFailed);
    assert.ok(view.querySelector('button[data-gif-retry]'), 'a failure that may pass offers to try again');
    assert.equal(warnings, ['[gif-embed] This GIF could not be loaded. (e1)']);
    release(embed);
    assert.is(p.embeds.has(el), false);
    assert.is(el.getAttribute(STATE_ATTR), null);
    assert.is(embed.container!.querySelector('.er'), null, 'the placeholder\'s own content again');
    el.remove();
  } finally {
    console.warn = warn;
  }
});

test('an embed whose id is no GIF id fails at its start, quoting what was refused', () => {
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (text: string) => void warnings.push(text);
  try {
    const p = page(() => Promise.reject(new Error('never asked')));
    const el = placeholder({ 'data-gif-id': 'not an id!' });
    watch(p, el);
    start(p.embeds.get(el)!);
    assert.is(el.getAttribute(STATE_ATTR), 'error');
    assert.equal(warnings, ['[gif-embed] This embed has no valid GIF id. (data-gif-id="not an id!")']);
    assert.is(p.embeds.get(el)!.container!.querySelector('button'), null, 'nothing to try again');
    release(p.embeds.get(el)!);
    el.remove();
  } finally {
    console.warn = warn;
  }
});

test.run();
