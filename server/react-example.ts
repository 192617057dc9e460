/**
 * The React example, rendered on the server as an app using the package would render it: the
 * first page of trending GIFs, of the first search and the single GIF are fetched (here from the
 * catalogue, in process), rendered with React's renderToString into examples/react/index.html,
 * with the SDK's CSS in the head and the same pages in a JSON block the browser hydrates with.
 * With JavaScript off the page still shows its GIFs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { normalizeGif, type Gif } from '../src/model';
import { SDK_STYLE_ID, takeServerCss } from '../src/sdk';
import { App, EXAMPLE_DATA_ID, FIRST_TERM, PAGE_SIZE, SINGLE_GIF_ID, TRENDING_PAGE_SIZE, type ExampleData } from '../examples/react/app';
import { answerApi } from './api';
import type { ApiRequest } from './api-gifs';
import { LOCAL_API_KEY } from './pages';

/** The GIFs of the API answer to `path` with `params`, as the browser's client would read them. */
function gifsOf(path: string, params: Record<string, string>, req: Omit<ApiRequest, 'query'>): Gif[] {
  const body = answerApi(path, { ...req, query: new URLSearchParams({ api_key: LOCAL_API_KEY, ...params }) }) as { data: unknown };
  return (Array.isArray(body.data) ? body.data : [body.data]).map((raw) => normalizeGif(raw));
}

/** The page's first pages, from the catalogue. */
function exampleData(req: Omit<ApiRequest, 'query'>): ExampleData {
  return {
    trending: gifsOf('gifs/trending', { offset: '0', limit: String(TRENDING_PAGE_SIZE) }, req),
    search: gifsOf('gifs/search', { q: FIRST_TERM, offset: '0', limit: String(PAGE_SIZE) }, req),
    single: gifsOf(`gifs/${SINGLE_GIF_ID}`, {}, req)[0],
  };
}

/** JSON that cannot close the script element it sits in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The example page from `root`'s examples/react/index.html, rendered with the catalogue's first
 * pages (`req`); without `req` (the service proxies a real API) the page as it is on disk, which
 * the browser renders by itself.
 */
export function reactExamplePage(root: string, req?: Omit<ApiRequest, 'query'>): string {
  const page = readFileSync(join(root, 'examples/react/index.html'), 'utf8');
  if (!req) return page;
  const data = exampleData(req);
  const html = renderToString(createElement(App, { data }));
  // The CSS of exactly this render (the sheet is emptied per page).
  const css = takeServerCss();
  return page
    .replace('</head>', `<style id="${SDK_STYLE_ID}">${css.replace(/</g, '\\3c ')}</style>\n</head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>\n<script type="application/json" id="${EXAMPLE_DATA_ID}">${scriptJson(data)}</script>`);
}
