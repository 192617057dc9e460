/**
 * Contrast that axe cannot judge, because it depends on what the GIF shows behind it, computed
 * from what Chromium renders (WCAG relative luminance):
 * - every focus ring in the player is two-tone, its two colours at least 9:1 apart, which keeps
 *   one of them at least 3:1 against any colour around it (for any surround luminance L, the
 *   larger of the two ratios is at least the square root of theirs);
 * - text over the GIF (the header's attribution) sits on a backdrop that keeps 4.5:1 even over a
 *   white frame.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { IDS } from '../../server/catalogue/items';
import { withEnv, type Env } from './support/harness';
import { openEmbedPage, placeholder, waitForState } from './embed-page';

let env: Env;
withEnv(test, (started) => (env = started));

type Rgba = [number, number, number, number];

/** The colours in a computed CSS value (`rgb(…)` / `rgba(…)`), in order. */
const colours = (value: string): Rgba[] =>
  [...value.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
    const [r, g, b, a = 1] = m[1].split(',').map(Number);
    return [r, g, b, a];
  });

/** WCAG relative luminance of an opaque colour. */
function luminance([r, g, b]: Rgba): number {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const contrast = (a: Rgba, b: Rgba) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

/** `top` (with its alpha) over the opaque `under`. */
const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1) as Rgba;

/** The focused element's ring: the colours of its outline and box shadows, or of its ::after's shadows (the tiles). */
const ringOf = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    if (!el || el === document.body) return null;
    const own = getComputedStyle(el);
    const after = getComputedStyle(el, '::after');
    const parts = own.outlineStyle !== 'none' ? [own.outlineColor, own.boxShadow] : [after.boxShadow];
    return { name: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40), ring: parts.join(' ') };
  });

test('every focus ring in the player is two-tone, its colours at least 9:1 apart (so 3:1 against anything), on both themes', async () => {
  const body = `<a href="#a">before</a>${placeholder(IDS.plain)}${placeholder(IDS.wide, 'data-theme="light"')}<a href="#z">after</a>`;
  const { page, close } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', 2);
  // The chrome and the related grid come at the first focus: a first walk brings them, then the measured one.
  for (const id of [IDS.plain, IDS.wide]) {
    await page.locator(`[data-gif-id="${id}"]`).hover();
    await page.locator(`[data-gif-id="${id}"] [data-related-scroller] a`).first().waitFor();
  }
  await page.mouse.move(0, 0);
  await page.locator('a[href="#a"]').focus();
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await ringOf(page);
    if (!focused || focused.name === 'after') break;
    const [first, second] = colours(focused.ring).filter(([, , , a]) => a > 0);
    assert.ok(first && second, `${focused.name}: two colours in its ring (${focused.ring})`);
    const ratio = contrast(first, second);
    assert.ok(ratio >= 9, `${focused.name}: ring colours ${ratio.toFixed(1)}:1 apart (${focused.ring})`);
    seen.push(focused.name);
  }
  assert.ok(seen.length >= 8, `walked ${seen.length} stops: ${seen.join(' | ')}`);
  assert.ok(seen.some((n) => /^Continue Watching/.test(n)) && seen.includes('Share') && seen.includes('Pause'), seen.join(' | '));
  assert.ok(seen.filter((n) => n === 'A' || /GIF|Sticker/.test(n)).length >= 2, `the GIF links and the related tiles: ${seen.join(' | ')}`);
  await close();
});

test('the header text keeps 4.5:1 over a white frame, on both themes', async () => {
  const body = `${placeholder(IDS.plain)}${placeholder(IDS.wide, 'data-theme="light"')}`;
  const { page, close } = await openEmbedPage(env, body);
  await waitForState(page, 'ready', 2);
  for (const id of [IDS.plain, IDS.wide]) {
    const box = page.locator(`[data-gif-id="${id}"]`);
    await box.hover();
    const root = box.locator('.r');
    await root.locator('.at span').first().waitFor();
    await page.waitForFunction((el) => getComputedStyle(el!.shadowRoot!.querySelector('.hd .at')!).opacity === '1', await box.elementHandle());
    const texts = await root.evaluate((r) => {
      const header = r.querySelector('.hd')!;
      const backdrop = getComputedStyle(header, '::before').backgroundImage;
      const top = header.getBoundingClientRect();
      return [...header.querySelectorAll('.at span, .at small')].map((t) => {
        const b = t.getBoundingClientRect();
        return { text: t.textContent, color: getComputedStyle(t).color, opacity: getComputedStyle(t).opacity, bottom: (b.bottom - top.top) / top.height, backdrop };
      });
    });
    assert.ok(texts.length >= 1, 'attribution text in the header');
    for (const t of texts) {
      // The backdrop's alpha where the text ends (the gradient fades downward): its weakest point under the text.
      const stops = [...t.backdrop.matchAll(/rgba?\(([^)]+)\)\s*([\d.]+%)?/g)].map((m, i, all) => ({
        alpha: Number(m[1].split(',')[3] ?? 1),
        at: m[2] ? parseFloat(m[2]) / 100 : i / (all.length - 1),
      }));
      const f = Math.min(1, Math.max(0, t.bottom));
      const next = stops.findIndex((s) => s.at >= f);
      const [a, b] = [stops[Math.max(0, next - 1)], stops[next]];
      const alpha = b.at === a.at ? b.alpha : a.alpha + ((b.alpha - a.alpha) * (f - a.at)) / (b.at - a.at);
      const backdrop = over([0, 0, 0, alpha], [255, 255, 255, 1]);
      const [text] = colours(t.color);
      const shown = over([text[0], text[1], text[2], text[3] * Number(t.opacity)], backdrop);
      const ratio = contrast(shown, backdrop);
      assert.ok(ratio >= 4.5, `${id} "${t.text}": ${ratio.toFixed(2)}:1 over a white frame (backdrop alpha ${alpha.toFixed(2)})`);
    }
  }
  await close();
});

test.run();
