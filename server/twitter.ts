/**
 * The main site's twitter share routes (spec §2, §6), as the share menu's twitter button uses
 * them: `/login/twitter` (here a stand-in for twitter's sign-in that approves at once),
 * `/login/twitter/finalize` (sets the login cookie and goes on to the page asked for) and
 * `/gifs/{id}/tweet` (the GIF's tweet page, which sends a visitor who has not logged in yet to
 * the login first). The tweet page offers the tweet intent the share URL builder makes.
 */
import { normalizeGif, shareUrl, tweetPath, NEXT_PARAM, TWITTER_FINALIZE_PATH, TWITTER_LOGIN_COOKIE, TWITTER_LOGIN_PATH } from '../src/model';
import { escapeHtml } from './pages';

/** How long the login cookie lasts (30 days). */
const LOGIN_MAX_AGE_S = 30 * 24 * 60 * 60;

/** What a route answers: a redirect (with cookies to set) or a page. */
export type TwitterAnswer = { redirect: string; cookies?: string[] } | { html: string };

/**
 * `next` when it is a path on this site (`/…`, not `//host` or `/\\host`, and no control
 * character or space, which browsers drop from a Location: `/\t/evil.example` is
 * `//evil.example` to them), else the site's root.
 */
export function sitePath(next: string | null): string {
  return next && /^\/(?![/\\])/.test(next) && !/[\x00-\x20\x7f\\]/.test(next) ? next : '/';
}

/** Whether the request's Cookie header carries the twitter login cookie (`name=1`). */
export function loggedIn(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(/;\s*/).includes(`${TWITTER_LOGIN_COOKIE}=1`);
}

/** `/login/twitter?next=`: twitter approves the stand-in at once and comes back through finalize. */
export function twitterLogin(query: URLSearchParams): TwitterAnswer {
  const next = sitePath(query.get(NEXT_PARAM));
  return { redirect: `${TWITTER_FINALIZE_PATH}?${new URLSearchParams({ [NEXT_PARAM]: next, oauth_verifier: 'local' })}` };
}

/** `/login/twitter/finalize?next=`: marks the login with its cookie and goes on to `next`. */
export function twitterFinalize(query: URLSearchParams): TwitterAnswer {
  return {
    redirect: sitePath(query.get(NEXT_PARAM)),
    cookies: [`${TWITTER_LOGIN_COOKIE}=1; Path=/; Max-Age=${LOGIN_MAX_AGE_S}; SameSite=Lax`],
  };
}

/**
 * `/gifs/{id}/tweet` for the GIF `raw` (the API's object): the login first without the cookie,
 * else a page with the GIF and its tweet intent.
 */
export function tweetPage(raw: Record<string, unknown>, cookieHeader: string | undefined): TwitterAnswer {
  const gif = normalizeGif(raw);
  if (!loggedIn(cookieHeader)) return { redirect: `${TWITTER_LOGIN_PATH}?${new URLSearchParams({ [NEXT_PARAM]: tweetPath(gif.id) })}` };
  const still = gif.images.fixed_height ?? gif.images.original;
  const title = escapeHtml(gif.title || 'GIF');
  return {
    html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Tweet ${title}</title>
<link rel="stylesheet" href="/examples/site.css">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0}main{padding-block:var(--grid)}img{display:block;max-width:100%;height:auto;margin:var(--grid) 0}a{display:inline-block;padding:8px 16px;background:#121212;color:#fff;border-radius:4px;text-decoration:none}</style>
</head>
<body>
<main class="site">
<h1>Tweet this GIF</h1>
${still ? `<img src="${escapeHtml(still.url)}" width="${still.width}" height="${still.height}" alt="${title}">` : ''}
<p><a id="tweet" href="${escapeHtml(shareUrl('twitter', gif))}">Post on Twitter</a></p>
</main>
</body>
</html>
`,
  };
}
