import { hover, render, run, wait } from './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { install } from '../support/observers';
import { configure } from '../../../src/config';
import { Carousel, Gif, Grid, loadLocale } from '../../../src/sdk';
import { makeGif } from './support/fixtures';

test.before.each(() => {
  install();
  configure({ locale: '' });
  document.documentElement.removeAttribute('lang');
});
test.after.each(() => {
  configure({ locale: '' });
  document.documentElement.removeAttribute('lang');
});

async function until(done: () => boolean, what: string, timeoutMs = 3000) {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > timeoutMs) assert.unreachable(`timed out waiting for ${what}`);
    await run(() => wait(20));
  }
}

/** A fetch that never answers: the Grid shows its loader. */
const pending = () => new Promise<never>(() => {});
/** A fetch that fails. */
const failing = async () => {
  throw new Error('down');
};
const loaderLabel = (c: Element) => c.querySelector('[role=status]')?.getAttribute('aria-label');

test('without a locale the Grid reads the page: <html lang="ja"> is Japanese, marked ja', async () => {
  document.documentElement.lang = 'ja-JP';
  const r = await render(<Grid fetchGifs={pending} width={300} />);
  const root = r.container.querySelector('.gif-embed-grid')!;
  await until(() => loaderLabel(r.container) === '読み込み中', 'the Japanese loader');
  assert.equal([root.getAttribute('lang'), root.getAttribute('dir')], ['ja', 'ltr']);
  await r.unmount();
});

test('configure({ locale }) beats the page, a locale prop beats both; the error view speaks it', async () => {
  document.documentElement.lang = 'ja';
  configure({ locale: 'fr-CA' });
  const r = await render(<Grid fetchGifs={failing} width={300} />);
  await until(() => r.container.querySelector('[role=alert]')?.textContent === 'Erreur lors du chargement des GIF.Réessayer\u00a0?', 'the French error view');
  assert.is(r.container.querySelector('.gif-embed-grid')!.getAttribute('lang'), 'fr');
  await r.unmount();
  const other = await render(<Grid fetchGifs={failing} width={300} locale="pt-BR" />);
  await until(() => other.container.querySelector('[role=alert] a')?.textContent === 'Tentar novamente?', 'the Portuguese link');
  await other.unmount();
});

test('a language with no table is English, marked en and ltr on an rtl page', async () => {
  document.documentElement.lang = 'ur';
  document.documentElement.dir = 'rtl';
  const r = await render(<Grid fetchGifs={pending} width={300} />);
  const root = r.container.querySelector('.gif-embed-grid')!;
  assert.equal([root.getAttribute('lang'), root.getAttribute('dir'), loaderLabel(r.container)], ['en', 'ltr', 'Loading']);
  document.documentElement.removeAttribute('dir');
  await r.unmount();
});

test('a Hebrew Carousel runs right to left; the attribution of a hovered Gif speaks its locale and isolates the name', async () => {
  const r = await render(<Carousel fetchGifs={pending} locale="he" />);
  const root = r.container.querySelector('.gif-embed-carousel')!;
  await until(() => loaderLabel(r.container) === 'בטעינה…', 'the Hebrew loader');
  assert.equal([root.getAttribute('lang'), root.getAttribute('dir')], ['he', 'rtl']);
  await r.unmount();
  await loadLocale('ko');
  const tile = await render(<Gif gif={makeGif('o')} width={200} locale="ko-KR" />);
  await run(() => hover(tile.container.querySelector('.gif-embed-gif')!));
  const overlay = tile.container.querySelector('[data-gif-attribution]')!;
  assert.ok(overlay.querySelector('svg[aria-label="인증됨"]'), 'the badge in Korean');
  assert.equal([overlay.getAttribute('lang'), overlay.querySelector('span')!.getAttribute('dir')], ['ko', 'auto']);
  await tile.unmount();
});

test('loadLocale resolves once the table is here: the first render shows it (a server render, or the hydration of one)', async () => {
  await loadLocale('zh-TW');
  const r = await render(<Grid fetchGifs={failing} width={300} locale="zh-Hant-TW" />);
  assert.is(r.container.querySelector('.gif-embed-grid')!.getAttribute('lang'), 'zh-Hant');
  await until(() => !!r.container.querySelector('[role=alert]'), 'the error view');
  assert.match(r.container.querySelector('[role=alert]')!.textContent!, /^載入 GIF 時發生錯誤。/);
  await r.unmount();
  // A tag with no table resolves at once: its readers read English.
  await loadLocale('xx-unknown');
});

test.run();
