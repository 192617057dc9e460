/**
 * The desktop share menu (spec §2): favorite link, facebook / twitter / pinterest popups, the
 * read-only Embed code and Link fields, and a close control. Focus moves in when it opens (the
 * chrome that opened it gives focus back to Share as it closes); Escape closes it.
 */
import { useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type MouseEvent } from 'react';
// Share links and embed codes are the share menu's alone: its own copy, not the loader's.
import {
  embedUrl, iframeEmbedCode, responsiveEmbedCode, scriptEmbedCode, shareUrl, twitterSharePage, TWITTER_LOGIN_COOKIE, type ShareNetwork,
} from '../../src/model/share';
import { getEnv } from '../../src/env';
import { altText } from '../../src/model/alt';
import { CLICK_ACTION, EVENT_CATEGORY } from '../../src/analytics/track-event';
import type { SharePluginProps } from '../../src/plugin-types';
// The text field comes from the loader (its error view uses the same kit); the rest is the menu's own.
import { FavoriteButton } from '../../src/ui/favorite-button';
import { TextInput } from '../../src/ui/inputs';
import { RadioOption } from '../../src/ui/radio-option';
import { deepActiveElement } from './focus';
import { Icon } from './icons';
import { openSharePopup } from './popup';
import { selectAllOnEvent } from './select';
import { NETWORK_COLORS, shareStyles } from './styles';
import { fill } from '../../src/i18n';

/** The networks the menu offers (spec §2), in display order, with their visible names. */
export const SHARE_NETWORKS: readonly { network: ShareNetwork & keyof typeof NETWORK_COLORS; name: string }[] = [
  { network: 'facebook', name: 'Facebook' },
  { network: 'twitter', name: 'Twitter' },
  { network: 'pinterest', name: 'Pinterest' },
];


/**
 * The share menu for `gif`. Props: SharePluginProps (`onClose` on Escape / close control,
 * `track` for the Click, Social Sharing and Copy events of spec §7).
 */
export function ShareMenu({ gif, theme, track, onClose, script, siteBase, m }: SharePluginProps) {
  const s = shareStyles(theme);
  const root = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const [responsive, setResponsive] = useState(false);
  const [scriptForm, setScriptForm] = useState(false);
  const [favorited, setFavorited] = useState(false);
  // The script form's alt text, in the words of whoever copies it ('': made from the GIF's title and tags).
  const [alt, setAlt] = useState('');
  const id = useId();

  // Focus moves in as it opens (its opener, the chrome's Share button, gets it back as it closes).
  useLayoutEffect(() => {
    (first.current ?? root.current)?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // A modal dialog: Tab and Shift+Tab go round its own controls.
      const controls = [...root.current!.querySelectorAll<HTMLElement>('button, a[href], input:not([type=radio]), input:checked')];
      const [firstControl, lastControl] = [controls[0], controls[controls.length - 1]];
      const at = deepActiveElement();
      if (event.shiftKey ? at === firstControl || at === root.current : at === lastControl) {
        event.preventDefault();
        (event.shiftKey ? lastControl : firstControl)?.focus();
      }
    }
  };
  const share = (network: ShareNetwork) => {
    track(EVENT_CATEGORY.SOCIAL_SHARING, network, gif.id);
    // Twitter goes through the main site: its tweet page after a twitter login (the cookie says
    // whether there was one yet), else its login first. The cookie is read at the click: a login
    // finished in the popup a moment ago counts.
    const url = network === 'twitter' ? twitterSharePage(gif, siteBase, !!getEnv().cookie(TWITTER_LOGIN_COOKIE)) : shareUrl(network, gif);
    openSharePopup(network, url);
  };
  const onFavorite = () => {
    // The link opens the GIF page (where favoriting needs the visitor's login).
    track(EVENT_CATEGORY.CLICK, CLICK_ACTION.FAVORITE);
    setFavorited(true);
  };
  /** Props of a read-only field that selects its whole text and records clicks and copies as `action`. */
  const copyField = (action: string, value: string) => ({
    theme,
    className: s.input,
    readOnly: true,
    value,
    // Code and addresses read left to right, from their start, in a right-to-left menu too.
    dir: 'ltr',
    onFocus: selectAllOnEvent,
    onClick: (event: MouseEvent<HTMLInputElement>) => {
      selectAllOnEvent(event);
      track(EVENT_CATEGORY.CLICK, action);
    },
    onCopy: (_event: ClipboardEvent<HTMLInputElement>) => track(EVENT_CATEGORY.COPY, action, gif.id),
  });

  // Both forms show the GIF as this embed does: its theme goes along.
  const player = embedUrl(gif.embed_url, { theme: theme === 'light' && theme });
  const embedCode = scriptForm && script
    ? scriptEmbedCode(gif, { script, responsive, theme, alt })
    : responsive ? responsiveEmbedCode(gif, player) : iframeEmbedCode(gif, player);
  /** A radio group named `label` of two choices, off and on, each a [value, visible text]; `on` is the chosen one. */
  const choice = (label: string, names: [string, string][], on: boolean, set: (on: boolean) => void) => (
    <span role="radiogroup" aria-label={label} className={s.options}>
      {names.map(([value, text], i) => (
        <RadioOption key={value} name={`${id}${names[0][0]}`} value={value} checked={on === !!i} onSelect={() => set(!!i)} className={s.option}>
          {text}
        </RadioOption>
      ))}
    </span>
  );
  const link = gif.url;

  return (
    <div ref={root} className={s.menu} role="dialog" aria-modal="true" aria-label={m.share} tabIndex={-1} onKeyDown={onKeyDown} data-share-menu="">
      <button type="button" className={s.close} onClick={onClose} aria-label={m.closeShare} data-share-close="">
        <Icon name="close" />
      </button>
      <p className={s.title}>{m.share}</p>
      <div className={s.row}>
        {SHARE_NETWORKS.map(({ network, name }, i) => (
          <button
            key={network}
            ref={i === 0 ? first : undefined}
            type="button"
            className={s.network}
            style={{ background: NETWORK_COLORS[network] }}
            aria-label={fill(m.shareOn, name)}
            title={name}
            data-network={network}
            onClick={() => share(network)}
          >
            <Icon name={network} />
          </button>
        ))}
        <span className={s.favorite} data-share-favorite="">
          <FavoriteButton href={gif.url} favorited={favorited} onToggle={onFavorite}>
            {m.favorite}
          </FavoriteButton>
        </span>
      </div>
      <div className={s.field}>
        <span className={s.fieldHead}>
          <label htmlFor={`${id}e`}>{m.embedCode}</label>
          {script ? choice(m.embedForm, [['iframe', m.iframe], ['script', m.script]], scriptForm, setScriptForm) : null}
          {choice(m.embedSize, [['fixed', m.fixed], ['responsive', m.responsive]], responsive, setResponsive)}
        </span>
        <TextInput id={`${id}e`} {...copyField(CLICK_ACTION.EMBED_CODE, embedCode)} data-share-field="embed" />
      </div>
      {scriptForm && script ? (
        <div className={s.field}>
          <label htmlFor={`${id}a`}>{m.altText}</label>
          <TextInput
            id={`${id}a`}
            theme={theme}
            className={s.input}
            value={alt}
            placeholder={altText(gif)}
            onChange={(event) => setAlt(event.currentTarget.value)}
            dir="auto"
            data-share-field="alt"
          />
        </div>
      ) : null}
      <div className={s.field}>
        <label htmlFor={`${id}l`}>{m.link}</label>
        <TextInput id={`${id}l`} {...copyField(CLICK_ACTION.LINK, link)} data-share-field="link" />
      </div>
    </div>
  );
}
