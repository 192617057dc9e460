/** What a player is given (Player.tsx, and each of its layouts). */
import type { Gif } from '../model';
import type { Strings } from '../i18n';
import type { EmbedError } from '../i18n/en';
import type { AutoplayPolicy } from '../ui/motion';
import type { EmbedScriptTag } from '../model/share';

/** What a placeholder asks for (src/embed/placeholder.ts reads it from its attributes). */
export interface PlaceholderOptions {
  id: string;
  /** Reserved box size from data-width/data-height (0 when absent or malformed). */
  width: number;
  height: number;
  /** 'auto' follows the reader's `prefers-color-scheme`, live. */
  theme: 'light' | 'dark' | 'auto';
  /** Its own `data-autoplay` (src/player/autoplay.ts); undefined: the page's. */
  autoplay?: AutoplayPolicy;
  hideRelated: boolean;
  hideShare: boolean;
  /** An ad network's tracking snippet, injected once when the GIF is seen. */
  pixel: string;
}

/** What the player knows of its embed (src/embed/embed.ts): its placeholder, and its page's embed.js tag. */
export interface PlayerEmbed {
  el: Element;
  page: { tag?: EmbedScriptTag; autoplay?: AutoplayPolicy | '' };
}

export interface PlayerProps {
  /** The embed it plays in. */
  embed: PlayerEmbed;
  gif: Gif;
  /** The reader's words (src/i18n), in the language of the placeholder. */
  strings: Strings;
  options: PlaceholderOptions;
  /** Mobile layout (device string or no hover). */
  mobile: boolean;
  /** The box size when mounting (px), so the first image request already fits it. */
  width: number;
  height: number;
  /**
   * Some of the box is in the viewport as the player renders: it fades in (the 0.4 s entry
   * animation). A player rendered out of view shows at once: nobody would see it fade.
   */
  entering: boolean;
  /**
   * The URL of the image the placeholder already shows (the progressive snippet's `<img>`), when
   * it is one of this GIF's moving files: the player shows that very file while playing, so the
   * takeover downloads nothing twice.
   */
  adopted?: string;
  /**
   * The author's alt text (the placeholder's `data-alt`, else its snippet image's `alt`): the
   * GIF's image takes it before anything built from the API's title and tags.
   */
  alt?: string;
  /** The language `alt` is written in: the placeholder's `data-lang`, else the page's (src/embed/lang.ts pageLanguage). */
  altLang?: string;
  /** Called once, when the player is ready. */
  onReady(): void;
  /** The player cannot show the GIF (no file of it loads): the embed shows its error view for `error`. */
  onFail(error: EmbedError): void;
}
