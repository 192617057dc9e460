import { render, run, wait } from '../sdk/support/render';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'react';
import {
  BRAND_COLORS,
  FavoriteButton,
  FAVORITE_ANIMATION_MS,
  FormButton,
  Loader,
  RadioOption,
  brandColorFor,
  StillOrVideo,
  TextInput,
  VerifiedBadge,
} from '../../../src/ui';

/** The CSS goober has written so far. */
const sheet = () => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');

test('five brand colours, picked by the GIF id', () => {
  assert.is(BRAND_COLORS.length, 5);
  assert.is(new Set(BRAND_COLORS).size, 5);
  assert.is(brandColorFor('gifPlainBounce01'), brandColorFor('gifPlainBounce01'), 'the same for the same id');
  const picked = new Set(Array.from({ length: 50 }, (_, i) => brandColorFor(`id${i}`)));
  assert.equal([...picked].sort(), [...BRAND_COLORS].sort(), 'every brand colour is used');
});

test('VerifiedBadge: an svg labelled Verified', async () => {
  const r = await render(<VerifiedBadge size={20} />);
  const svg = r.container.querySelector('svg')!;
  assert.is(svg.getAttribute('role'), 'img');
  assert.is(svg.getAttribute('aria-label'), 'Verified');
  assert.is(svg.getAttribute('width'), '20');
  await r.unmount();
});

test('Loader: five squares in the brand colours, a status labelled Loading, still under reduced motion', async () => {
  const r = await render(<Loader />);
  const status = r.container.querySelector('[role=status]')!;
  assert.is(status.getAttribute('aria-label'), 'Loading');
  const squares = [...status.querySelectorAll('span')] as HTMLElement[];
  assert.is(squares.length, 5);
  assert.equal(squares.map((s) => s.style.animationDelay), ['0ms', '120ms', '240ms', '360ms', '480ms'], 'pulsing one after another');
  assert.match(sheet(), /@media \(prefers-reduced-motion: reduce\)\{[^}]*animation:none !important/);
  await r.unmount();
});

test('TextInput and FormButton in light and dark themes', async () => {
  const r = await render(
    <div>
      <TextInput theme="dark" placeholder="Search" />
      <TextInput />
      <FormButton variant="secondary" theme="dark">Cancel</FormButton>
      <FormButton>Save</FormButton>
    </div>,
  );
  const [dark, light] = [...r.container.querySelectorAll('input')];
  assert.is(dark.dataset.theme, 'dark');
  assert.is(light.dataset.theme, 'light');
  assert.is(dark.getAttribute('placeholder'), 'Search');
  assert.is.not(dark.className, light.className, 'the themes look different');
  const [cancel, save] = [...r.container.querySelectorAll('button')];
  assert.is(cancel.getAttribute('type'), 'button', 'never submits by surprise');
  assert.is(save.dataset.variant, 'primary');
  assert.is(cancel.dataset.variant, 'secondary');
  assert.match(sheet(), /background:#121212/);
  await r.unmount();
});

test('RadioOption: native radios; choosing one reports its value and the dot animates in', async () => {
  const chosen: string[] = [];
  function Group() {
    const [value, setValue] = useState('gifs');
    return (
      <div>
        {['gifs', 'stickers'].map((v) => (
          <RadioOption key={v} name="type" value={v} checked={value === v} onSelect={(x) => { chosen.push(x); setValue(x); }}>
            {v}
          </RadioOption>
        ))}
      </div>
    );
  }
  const r = await render(<Group />);
  const radios = [...r.container.querySelectorAll('input[type=radio]')] as HTMLInputElement[];
  assert.equal(radios.map((x) => x.checked), [true, false]);
  await run(() => radios[1].click());
  assert.equal(chosen, ['stickers']);
  assert.equal(radios.map((x) => x.checked), [false, true]);
  assert.match(sheet(), /input:checked::after\{transform:scale\(1\);animation:go\d+ 250ms/);
  await r.unmount();
});

test('StillOrVideo: the still while paused, the mp4 video while playing, the still without an mp4', async () => {
  const props = { still: 'https://m.example/s.gif', mp4: 'https://m.example/v.mp4', width: 100, height: 80, alt: 'Dots' };
  const r = await render(<StillOrVideo {...props} paused />);
  assert.is(r.container.querySelector('img')!.getAttribute('src'), props.still);
  assert.is(r.container.querySelector('video'), null);
  await r.rerender(<StillOrVideo {...props} paused={false} />);
  const video = r.container.querySelector('video')!;
  assert.is(video.getAttribute('src'), props.mp4);
  assert.ok(video.muted || video.hasAttribute('muted'), 'muted');
  assert.ok(video.hasAttribute('loop'));
  assert.is(r.container.querySelector('img'), null);
  await r.rerender(<StillOrVideo {...props} mp4={undefined} paused={false} />);
  assert.is(r.container.querySelector('img')!.getAttribute('src'), props.still, 'nothing moving to show: the still');
  await r.rerender(<StillOrVideo {...props} mp4={undefined} src="https://m.example/m.gif" srcSet="https://m.example/m.gif 200w" sizes="100px" paused={false} />);
  const img = r.container.querySelector('img')!;
  assert.is(img.getAttribute('src'), 'https://m.example/m.gif', 'the moving image while playing');
  assert.is(img.getAttribute('srcset'), 'https://m.example/m.gif 200w');
  await r.rerender(<StillOrVideo {...props} mp4={undefined} src="https://m.example/m.gif" srcSet="https://m.example/m.gif 200w" paused />);
  assert.is(r.container.querySelector('img'), img, 'pausing swaps the file of the same element');
  assert.is(img.getAttribute('src'), props.still);
  assert.is(img.hasAttribute('srcset'), false);
  await r.unmount();
});

test('FavoriteButton: default, active, then the unfavorite animation back to default', async () => {
  function Fav() {
    const [on, setOn] = useState(false);
    return <FavoriteButton favorited={on} onToggle={setOn} />;
  }
  const r = await render(<Fav />);
  const button = () => r.container.querySelector('button')!;
  assert.is(button().dataset.state, 'default');
  assert.is(button().getAttribute('aria-pressed'), 'false');
  assert.is(button().getAttribute('aria-label'), 'Favorite');
  await run(() => button().click());
  assert.is(button().dataset.state, 'active');
  assert.is(button().getAttribute('aria-pressed'), 'true');
  assert.is(button().getAttribute('aria-label'), 'Unfavorite');
  await run(() => button().click());
  assert.is(button().dataset.state, 'unfavorite');
  await wait(FAVORITE_ANIMATION_MS + 50);
  assert.is(button().dataset.state, 'default');
  await r.unmount();
});

test.run();
