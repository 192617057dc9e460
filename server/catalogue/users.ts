/**
 * The catalogue's creators. Between them they cover every attribution rule of spec §5:
 * verified, unverified, not public, chrome-suppressed, no display name and no avatar, and one whose every
 * field is hostile markup. Flags are deliberately stored in both styles the real API uses
 * (booleans and 0/1) so the client's coercion is exercised.
 */

type Flag = boolean | 0 | 1;

export interface CatalogueUser {
  username: string;
  display_name: string;
  attribution_display_name?: string;
  description: string;
  /** Absolute URL, or a site path that gets the service origin in front. */
  profile: string;
  /** File in media/avatars/ ('' for a creator who never set one: the embed shows a default avatar). */
  avatar: string;
  is_verified: Flag;
  is_public: Flag;
  suppress_chrome: Flag;
  website_url: string;
  instagram_url: string;
}

export const HOSTILE_MARKUP = '<img src=x onerror=alert(1)>';
export const HOSTILE_BREAKOUT = '"><script>alert(1)</script>';
export const HOSTILE_URL = 'javascript:alert(1)';

export const USERS = {
  pixelsmith: {
    username: 'pixelsmith', display_name: 'Pixel Smith', attribution_display_name: 'Pixel Smith Studio',
    description: 'Flat colours, tight loops.', profile: '/pixelsmith', avatar: 'pixelsmith.gif',
    is_verified: true, is_public: true, suppress_chrome: false,
    website_url: 'https://example.com/pixelsmith', instagram_url: '',
  },
  doodlebox: {
    username: 'doodlebox', display_name: 'Doodle Box', description: 'Doodles that move.',
    profile: '/doodlebox', avatar: 'doodlebox.gif',
    is_verified: 0, is_public: 1, suppress_chrome: 0, website_url: '', instagram_url: 'https://instagram.com/doodlebox',
  },
  quietfox: {
    username: 'quietfox', display_name: 'Quiet Fox', description: 'A private account.',
    profile: '/quietfox', avatar: 'quietfox.gif',
    is_verified: false, is_public: false, suppress_chrome: false, website_url: '', instagram_url: '',
  },
  brandstudio: {
    username: 'brandstudio', display_name: 'Brand Studio', attribution_display_name: 'Brand Studio Official',
    description: 'A brand that hides the chrome.', profile: '/brandstudio', avatar: 'brandstudio.gif',
    is_verified: 1, is_public: 1, suppress_chrome: 1, website_url: 'https://example.com/brand', instagram_url: '',
  },
  loopgarden: {
    username: 'LoopGarden', display_name: '', description: '',
    profile: '/LoopGarden', avatar: '',
    is_verified: false, is_public: true, suppress_chrome: false, website_url: '', instagram_url: '',
  },
  stickerlab: {
    username: 'stickerlab', display_name: 'Sticker Lab', description: 'Cut-out shapes.',
    profile: '/stickerlab', avatar: 'stickerlab.gif',
    is_verified: 1, is_public: true, suppress_chrome: 0, website_url: '', instagram_url: '',
  },
  hostile: {
    username: HOSTILE_MARKUP, display_name: HOSTILE_BREAKOUT, attribution_display_name: '<b onmouseover=alert(1)>bold</b>',
    description: HOSTILE_BREAKOUT, profile: HOSTILE_URL, avatar: 'hostile.gif',
    is_verified: true, is_public: true, suppress_chrome: false, website_url: HOSTILE_URL, instagram_url: HOSTILE_URL,
  },
} satisfies Record<string, CatalogueUser>;

export type UserKey = keyof typeof USERS;
