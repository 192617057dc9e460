/**
 * The one table of the embed's words, in English, the language every other table translates
 * (./locales/*.ts, each a whole table: a unit test fails when one lacks a key). `{0}` stands for
 * what the code puts in (a name, a network); the service's name is never translated.
 *
 * In sections by the file that shows them: the UI kit's words are the table's start; the player
 * file adds PLAYER_EN, and each plugin file its own section as it registers (./index.ts
 * addEnglish), so no page downloads a word of a feature it never loads.
 */

/** The UI kit's components (src/ui): every bundle that renders one carries these. */
export const UI_EN = {
  verified: 'Verified',
  loading: 'Loading',
  /** The grid's error view (the SDK's Grid and the embed's related grid). */
  loadError: 'Error loading GIFs.',
  /** The error view's link that fetches again. */
  tryAgain: 'Try again?',
};

/** The player and the loader's messages. */
export const PLAYER_EN = {
  pause: 'Pause',
  play: 'Play',
  /** The mobile footer's button that opens the video. */
  watch: 'Watch',
  /** The mobile player's GIF button: `{0}` is the GIF's alt text. */
  showLinks: '{0}, show links',
  /** The mobile footer's link: `{0}` is the service's name. */
  viewOn: 'View on {0}',
  /** Between the parts of a list read as one (the attribution's name, verified, handle). */
  listSeparator: ', ',
  loadingGif: 'Loading GIF',
  gifLoaded: 'GIF loaded',
  badId: 'This embed has no valid GIF id.',
  notFound: 'This GIF could not be found.',
  loadFailed: 'This GIF could not be loaded.',
  brokenAnswer: 'The GIF service sent an answer that could not be read.',
  playerFailed: 'This GIF could not be shown.',
  noMedia: 'This GIF has no image to show.',
  retry: 'Try again',
};

/** What an embed shows instead of its player, as the key of its message (every table says it in its own language). */
export type EmbedError = 'badId' | 'notFound' | 'loadFailed' | 'brokenAnswer' | 'playerFailed' | 'noMedia';

/** The desktop chrome (plugins/chrome). */
export const CHROME_EN = {
  share: 'Share',
  /** `{0}`: YouTube or Vimeo. */
  watchOn: 'Watch on {0}',
  /** `{0}` is the service's name, set in bold. */
  continueOn: 'Continue Watching on {0}',
};

/** The share menu (plugins/share); its title is CHROME_EN.share. */
export const SHARE_EN = {
  closeShare: 'Close share menu',
  /** `{0}`: Facebook, Twitter or Pinterest. */
  shareOn: 'Share on {0}',
  favorite: 'Favorite',
  unfavorite: 'Unfavorite',
  embedCode: 'Embed code',
  /** The field where whoever copies the script form writes the GIF's alt text. */
  altText: 'Alt text',
  embedForm: 'Embed form',
  iframe: 'Iframe',
  script: 'Script',
  embedSize: 'Embed size',
  fixed: 'Fixed size',
  responsive: 'Responsive',
  link: 'Link',
};

/** The related grid and widget (plugins/related). */
export const RELATED_EN = {
  related: 'Related Gifs',
  /** Between a label and what it names (the related grid's region: "Related Gifs: Bouncing Dots"). */
  labelSeparator: ': ',
  /** The iframe player page's title with its related GIFs: `{0}` is the GIF's title. */
  withRelated: '{0} and related GIFs',
};

/** The video view (plugins/video). */
export const VIDEO_EN = {
  backToGif: 'Back to GIF',
  videoUnsupported: 'This video provider is not supported.',
  videoFailed: 'This video could not be played.',
  youtubeFailed: 'The YouTube player could not be loaded.',
};

/**
 * The SDK's picker (src/sdk/picker). A message that counts is in plural forms,
 * `one:…|other:…`, one for each category of Intl.PluralRules in its language (./index.ts plural).
 */
export const SDK_EN = {
  /** The picker's tab list, and its two tabs. */
  mediaType: 'Media type',
  gifs: 'GIFs',
  stickers: 'Stickers',
  searchGifs: 'Search GIFs',
  searchStickers: 'Search stickers',
  clearSearch: 'Clear search',
  /** The search field's list of completions. */
  suggestions: 'Suggestions',
  trendingSearches: 'Trending searches',
  /** `{0}`: what was searched for. */
  noGifsFor: 'No GIFs found for “{0}”.',
  noStickersFor: 'No stickers found for “{0}”.',
  noGifs: 'No GIFs to show.',
  noStickers: 'No stickers to show.',
  /** Said when a search's results come: `{0}` the count, `{1}` what was searched for. */
  gifsFor: 'one:{0} GIF for {1}|other:{0} GIFs for {1}',
  stickersFor: 'one:{0} sticker for {1}|other:{0} stickers for {1}',
  /** A search in one channel: `{0}` the term, `{1}` the channel's name. */
  fromChannel: '{0} from @{1}',
  /** The tabs of what the reader kept: recent picks and favourites (./sdk/picker/kept.ts). */
  recent: 'Recent',
  favorites: 'Favorites',
  clearRecents: 'Clear recents',
  recentsCleared: 'Recents cleared.',
  noRecents: 'The GIFs you pick will show here.',
  noFavorites: 'Star a GIF to keep it here: its star, a long press, or F.',
  /** Where nothing may be kept on the device (the reader's choices, or a blocked storage). */
  notKept: 'Nothing is kept on this device: these last until you leave the page.',
  /** A tile's star, and the state a starred tile is read with. */
  addFavorite: 'Add to favorites',
  inFavorites: 'In favorites',
  /** Said as a star is toggled: `{0}` the GIF's alt text. */
  added: 'Added {0} to favorites.',
  removed: 'Removed {0} from favorites.',
  favoritesFull: 'Favorites are full: remove one first.',
  /** How the favourites' order changes, and where a GIF moved: `{0}` its place, `{1}` how many. */
  reorderHint: 'Alt and an arrow key move the focused GIF.',
  movedTo: 'Moved to {0} of {1}.',
};

/** Every key, and what each table holds. */
export type Messages = typeof UI_EN & typeof PLAYER_EN & typeof CHROME_EN & typeof SHARE_EN & typeof RELATED_EN & typeof VIDEO_EN & typeof SDK_EN;
