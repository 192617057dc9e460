/**
 * What the player page's own address says: the GIF (its path, `/embed/{id}`, or its query,
 * `/embed/?id={id}` for a host without rewrite rules), whether the related widget shows, the
 * theme, the reader's language, and the folder the page's sibling files (embed.js, plugins/) are in.
 */
import { parseQuery } from '../query';

export interface PlayerPageAddress {
  /** The GIF id as the address gives it (checked by the loader, which shows its error for a bad one); '' when none. */
  id: string;
  /** `?related`: the related widget below the player. */
  related: boolean;
  /** `?theme=light`, `?theme=auto` (the reader's `prefers-color-scheme`); anything else is the default dark. */
  theme: 'light' | 'dark' | 'auto';
  /** `?lang=de`: the reader's language (a BCP 47 tag); '' leaves it to the browser's languages. */
  lang: string;
  /** The folder that holds `embed/` (the page) and embed.js, with its trailing slash. */
  root: string;
}

/** The page's path ends so: the `embed/` folder and, after it, the id or the page's own file name. */
const PAGE_PATH = /^(.*\/)embed\/([^/]*)\/?$/;
/** The page's own file, when a host serves it by name (`/embed/index.html?id=`). */
const PAGE_FILE = /^index(\.html?)?$/;

/** Reads `href`, the player page's address. */
export function readAddress(href: string): PlayerPageAddress {
  const url = new URL(href);
  const query = parseQuery(url.search);
  const match = PAGE_PATH.exec(url.pathname);
  let segment = '';
  try {
    segment = match && !PAGE_FILE.test(match[2]) ? decodeURIComponent(match[2]) : '';
  } catch {
    // A malformed escape: no id from the path.
  }
  return {
    id: (segment || query.get('id') || '').trim(),
    related: query.has('related'),
    theme: query.get('theme') === 'light' || query.get('theme') === 'auto' ? (query.get('theme') as 'light' | 'auto') : 'dark',
    lang: (query.get('lang') || '').trim(),
    // The folder as a path of this origin: one that starts with `//` (`https://cdn.example//embed/`)
    // would read as another host if resolved against the address.
    root: match ? new URL(`${url.protocol}//${url.host}${match[1]}`).href : new URL('../', url).href,
  };
}
