import './support/render';
import { EN } from '../../support/english';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { flush, keydown, makeGif, mount } from './support/render';
import { popupFeatures, openSharePopup } from '../../../plugins/share/popup';
import { selectAllText } from '../../../plugins/share/select';
import { ShareMenu } from '../../../plugins/share/ShareMenu';
import { SHARE_EN } from '../../../src/i18n/en';
const CLOSE_LABEL = SHARE_EN.closeShare;
import { iframeEmbedCode, scriptEmbedCode, responsiveEmbedCode, shareUrl, TWITTER_LOGIN_COOKIE } from '../../../src/model/share';
import { setEnv } from '../../../src/env';

const gif = makeGif('abc123', { title: 'Dancing "cat" <3' });

const SCRIPT = '<script async src="https://cdn.example/embed.js" data-api-key="KEY"></script>';

function menuProps() {
  const tracked: string[][] = [];
  let closed = 0;
  return {
    tracked,
    closed: () => closed,
    props: {
      gif,
      theme: 'light' as const,
      track: (c: string, a: string, l?: string) => void tracked.push(l === undefined ? [c, a] : [c, a, l]),
      pingback: () => {},
      m: EN,
      onClose: () => void closed++,
      script: SCRIPT,
      siteBase: '',
    },
  };
}

/** A window stand-in that records window.open calls. */
function fakeWindow(box = { screenX: 100, screenY: 50, outerWidth: 1280, outerHeight: 800 }) {
  const opened: { url: string; name: string; features: string }[] = [];
  const win = { ...box, innerWidth: box.outerWidth, innerHeight: box.outerHeight, open: (url: string, name: string, features: string) => (opened.push({ url, name, features }), null) };
  return { win: win as unknown as Window, opened };
}

const features = (text: string) => Object.fromEntries(text.split(',').map((kv) => kv.split('=')));

test('popup features: twitter 750x350, the others 480x480, centred on the browser window', () => {
  assert.equal(features(popupFeatures({ width: 750, height: 350 }, { left: 100, top: 50, width: 1280, height: 800 })), {
    width: '750', height: '350', left: '365', top: '275', noopener: undefined,
  });
  // A window smaller than the popup never pushes it off the screen's top-left corner.
  const tiny = features(popupFeatures({ width: 480, height: 480 }, { left: 0, top: 0, width: 300, height: 200 }));
  assert.is(tiny.left, '0');
  assert.is(tiny.top, '0');
});

test('each network opens its share URL in a popup of its size', () => {
  const { win, opened } = fakeWindow();
  openSharePopup('twitter', shareUrl('twitter', gif), win);
  openSharePopup('facebook', shareUrl('facebook', gif), win);
  openSharePopup('pinterest', shareUrl('pinterest', gif), win);
  const [twitter, facebook, pinterest] = opened;
  const tw = new URL(twitter.url);
  assert.is(tw.searchParams.get('url'), 'https://bit.example.test/abc123');
  assert.is(tw.searchParams.get('tc'), '1');
  assert.is(features(twitter.features).width, '750');
  assert.is(features(twitter.features).height, '350');
  assert.is(new URL(facebook.url).searchParams.get('u'), 'https://site.example.test/gifs/abc123');
  assert.equal([features(facebook.features).width, features(facebook.features).height], ['480', '480']);
  assert.equal([features(pinterest.features).width, features(pinterest.features).height], ['480', '480']);
  assert.is(new URL(pinterest.url).searchParams.get('url'), 'https://site.example.test/gifs/abc123');
});

test('twitter: the login (coming back to the tweet page) without the login cookie, the tweet page with it; on the configured site', async () => {
  const { props } = menuProps();
  const realOpen = window.open;
  const opened: string[] = [];
  window.open = ((url: string) => (opened.push(url), null)) as typeof window.open;
  let cookies: Record<string, string> = {};
  setEnv({ cookie: (name) => cookies[name] });
  try {
    const m = await mount(<ShareMenu {...props} />);
    const twitter = () => flush(() => (m.container.querySelector('[data-network="twitter"]') as HTMLButtonElement).click());
    await twitter();
    cookies = { [TWITTER_LOGIN_COOKIE]: '1' };
    await twitter();
    await m.unmount();
    const onSite = await mount(<ShareMenu {...props} siteBase="https://main.example/" />);
    await flush(() => (onSite.container.querySelector('[data-network="twitter"]') as HTMLButtonElement).click());
    await onSite.unmount();
    assert.equal(opened, [
      'https://site.example.test/login/twitter?next=%2Fgifs%2Fabc123%2Ftweet',
      'https://site.example.test/gifs/abc123/tweet',
      'https://main.example/gifs/abc123/tweet',
    ]);
  } finally {
    window.open = realOpen;
    setEnv();
  }
});

test('selectAllText selects the whole value of a read-only field', () => {
  const input = document.createElement('input');
  input.readOnly = true;
  input.value = '<iframe src="x"></iframe>';
  document.body.appendChild(input);
  input.setSelectionRange(3, 3);
  selectAllText(input);
  assert.is(input.selectionStart, 0);
  assert.is(input.selectionEnd, input.value.length);
  input.remove();
});

test('the menu: focus moves in on open, Escape and the close control call onClose', async () => {
  const opener = document.createElement('button');
  document.body.appendChild(opener);
  opener.focus();
  const { props, closed } = menuProps();
  const m = await mount(<ShareMenu {...props} />);
  const menu = m.container.querySelector('[role="dialog"]')!;
  assert.ok(menu.contains(document.activeElement), 'focus is inside the menu');
  assert.is(document.activeElement!.getAttribute('data-network'), 'facebook');
  await flush(() => keydown(document.activeElement!, 'Escape'));
  assert.is(closed(), 1);
  const close = m.container.querySelector(`[aria-label="${CLOSE_LABEL}"]`) as HTMLButtonElement;
  await flush(() => close.click());
  assert.is(closed(), 2);
  keydown(document.activeElement!, 'Enter');
  assert.is(closed(), 2, 'other keys do not close');
  await m.unmount();
  opener.remove();
});

test('the fields: embed code (fixed and responsive) and link, selected whole on focus and click, with trackEvents', async () => {
  const { props, tracked } = menuProps();
  const m = await mount(<ShareMenu {...props} />);
  const embed = m.container.querySelector('[data-share-field="embed"]') as HTMLInputElement;
  const link = m.container.querySelector('[data-share-field="link"]') as HTMLInputElement;
  assert.ok(embed.readOnly && link.readOnly);
  // The menu's theme goes along with the code (light here).
  const player = 'https://site.example.test/embed/abc123?theme=light';
  assert.is(embed.value, iframeEmbedCode(gif, player));
  assert.ok(embed.value.includes(`src="${player}"`));
  assert.is(link.value, 'https://site.example.test/gifs/abc123');
  await flush(() => link.focus());
  assert.equal([link.selectionStart, link.selectionEnd], [0, link.value.length]);
  await flush(() => embed.click());
  assert.equal([embed.selectionStart, embed.selectionEnd], [0, embed.value.length]);
  await flush(() => link.click());
  await flush(() => link.dispatchEvent(new Event('copy', { bubbles: true })));
  const responsive = m.container.querySelector('input[value="responsive"]') as HTMLInputElement;
  await flush(() => responsive.click());
  const code = () => (m.container.querySelector('[data-share-field="embed"]') as HTMLInputElement).value;
  assert.is(code(), responsiveEmbedCode(gif, player));
  // The script form beside the iframe form: the placeholder with the GIF's image, then the embed's script tag.
  // (A one-line field keeps the code on one line: the newline before the script tag goes.)
  const oneLine = (code: string) => code.replace(/\n/g, '');
  await flush(() => (m.container.querySelector('input[value="script"]') as HTMLInputElement).click());
  assert.is(code(), oneLine(scriptEmbedCode(gif, { script: SCRIPT, responsive: true, theme: 'light' })));
  await flush(() => (m.container.querySelector('input[value="fixed"]') as HTMLInputElement).click());
  assert.is(code(), oneLine(scriptEmbedCode(gif, { script: SCRIPT, theme: 'light' })));
  assert.match(code(), /^<div data-gif-id="abc123" [^]*<img src="[^"]+"[^]*<\/div><script async src="https:\/\/cdn\.example\/embed\.js" data-api-key="KEY"><\/script>$/);
  // The script form's alt field: empty, showing what the alt would be; what is written goes into the code.
  const alt = m.container.querySelector('[data-share-field="alt"]') as HTMLInputElement;
  assert.is(alt.placeholder, 'Dancing "cat" <3');
  assert.is(m.container.querySelector(`label[for="${alt.id}"]`)!.textContent, 'Alt text');
  await flush(() => {
    alt.value = 'Eine tanzende Katze';
    alt.dispatchEvent(new Event('input', { bubbles: true }));
  });
  assert.is(code(), oneLine(scriptEmbedCode(gif, { script: SCRIPT, theme: 'light', alt: 'Eine tanzende Katze' })));
  assert.match(code(), / alt="Eine tanzende Katze" /);
  assert.equal(tracked, [['Click', 'Embed Code'], ['Click', 'Link'], ['Copy', 'Link', 'abc123']]);
  // Without a script tag to repeat, only the iframe form is offered.
  await m.unmount();
  const bare = await mount(<ShareMenu {...props} script="" />);
  assert.is(bare.container.querySelector('input[value="script"]'), null);
  assert.is(bare.container.querySelector('[data-share-field="alt"]'), null, 'no alt field for the iframe form');
  await bare.unmount();
  const again = await mount(<ShareMenu {...props} />);
  const m2 = again;
  // The fields' labels name them for screen readers.
  const [embed2, link2] = ['embed', 'link'].map((f) => m2.container.querySelector(`[data-share-field="${f}"]`)!);
  assert.is(m2.container.querySelector(`label[for="${embed2.id}"]`)!.textContent, 'Embed code');
  assert.is(m2.container.querySelector(`label[for="${link2.id}"]`)!.textContent, 'Link');
  await m2.unmount();
});

test('social buttons record Social Sharing and open the popup; the favorite link records Favorite', async () => {
  const { props, tracked } = menuProps();
  const realOpen = window.open;
  const opened: string[] = [];
  window.open = ((url: string, _name: string, feat: string) => (opened.push(`${new URL(url).hostname} ${feat.split(',').slice(0, 2).join(',')}`), null)) as typeof window.open;
  try {
    const m = await mount(<ShareMenu {...props} />);
    for (const network of ['facebook', 'twitter', 'pinterest']) {
      const button = m.container.querySelector(`[data-network="${network}"]`) as HTMLButtonElement;
      assert.ok(button.getAttribute('aria-label')!.startsWith('Share on '));
      await flush(() => button.click());
    }
    // Twitter goes to the main site (the origin of the GIF's page here): its login first.
    assert.equal(opened, ['www.facebook.com width=480,height=480', 'site.example.test width=750,height=350', 'pinterest.com width=480,height=480']);
    const favorite = m.container.querySelector('[data-share-favorite] a') as HTMLAnchorElement;
    assert.is(favorite.getAttribute('href'), gif.url);
    assert.is(favorite.getAttribute('target'), '_blank');
    favorite.addEventListener('click', (e) => e.preventDefault());
    await flush(() => favorite.click());
    assert.is(favorite.dataset.state, 'active', 'the heart fills (the UI kit\'s favorite animation)');
    assert.is(favorite.textContent, 'Favorite');
    assert.equal(tracked, [
      ['Social Sharing', 'facebook', 'abc123'],
      ['Social Sharing', 'twitter', 'abc123'],
      ['Social Sharing', 'pinterest', 'abc123'],
      ['Click', 'Favorite'],
    ]);
    await m.unmount();
  } finally {
    window.open = realOpen;
  }
});

test.run();
