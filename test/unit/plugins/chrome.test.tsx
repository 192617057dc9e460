/**
 * The desktop chrome's share button (plugins/chrome/Chrome.tsx): it opens the share menu through
 * the player's plugin slot, and it is what gives focus back to Share when the menu closes (the
 * header is inert under the open menu, so the button lost focus when the menu opened).
 */
import { EN } from '../../support/english';
import './support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useLayoutEffect, useRef } from 'react';
import { flush, keydown, makeGif, mount } from './support/render';
import { Chrome, SHARE_LABEL } from '../../../plugins/chrome/Chrome';
import type { ChromePluginProps, PluginSlotComponent } from '../../../src/plugin-types';

/** A share menu as the slot renders it: it takes focus as it opens and closes on Escape. */
function Menu({ onClose }: { onClose(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => first.current?.focus(), []);
  return (
    <div role="dialog" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <button ref={first} type="button">Facebook</button>
    </div>
  );
}

const Slot = (({ name, props }: { name: string; props: { onClose(): void } }) => (name === 'share' ? <Menu onClose={props.onClose} /> : null)) as unknown as PluginSlotComponent;

/** The chrome of a hovered 480x270 player, its share file `ready` (a promise the test settles). */
function chromeProps(ready: Promise<unknown>): ChromePluginProps {
  return {
    gif: makeGif('abc123'), theme: 'dark', track: () => {}, pingback: () => {}, m: EN,
    hideShare: false, siteBase: '', hideRelated: true, productName: 'GIF Embed', site: '',
    hovered: true, enteredBackward: false, small: false, width: 480, height: 270, pause: null, provider: '',
    onLinkClick: () => {}, fetchRelated: async () => ({ data: [], pagination: { offset: 0, count: 0, total_count: 0 } }), onActiveChange: () => {},
    Slot, load: (() => ready) as ChromePluginProps['load'],
  };
}

const shareButton = (root: Element) => root.querySelector<HTMLButtonElement>(`button[aria-label="${SHARE_LABEL}"]`)!;

test('Share opens the menu, which takes focus; Escape closes it and focus is back on Share', async () => {
  const m = await mount(<Chrome {...chromeProps(Promise.resolve({}))} />);
  await flush();
  const share = shareButton(m.container);
  share.focus();
  await flush(() => share.click());
  const menu = m.container.querySelector('[role="dialog"]')!;
  assert.ok(menu, 'the menu opened');
  assert.ok(menu.contains(document.activeElement), 'focus is in the menu');
  assert.ok(m.container.querySelector('.hd')!.hasAttribute('inert'), 'the header is inert behind it');
  await flush(() => keydown(document.activeElement!, 'Escape'));
  assert.is(m.container.querySelector('[role="dialog"]'), null, 'closed');
  assert.is(document.activeElement, share, 'focus back on Share');
  await m.unmount();
});

test('Share pressed before the menu\'s file came: Escape takes the request back, focus stays on Share, no menu opens later', async () => {
  let arrive: (plugin: unknown) => void = () => {};
  const m = await mount(<Chrome {...chromeProps(new Promise((resolve) => (arrive = resolve)))} />);
  const share = shareButton(m.container);
  share.focus();
  await flush(() => share.click());
  assert.not.ok(m.container.querySelector('.hd')!.hasAttribute('inert'), 'the header stays in reach');
  await flush(() => keydown(share, 'Escape'));
  await flush(() => arrive({}));
  assert.is(m.container.querySelector('[role="dialog"]'), null, 'no menu');
  assert.is(document.activeElement, share);
  await m.unmount();
});

test.run();
