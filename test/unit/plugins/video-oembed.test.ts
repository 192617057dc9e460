import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError, ValidationError } from '../../../src/api';
import { fetchOembed, PROVIDER_UNREACHABLE } from '../../../plugins/video/oembed';

/** A fetch stand-in answering `status` with `body`, recording what was asked. */
function fakeFetch(status: number, body: unknown = {}, statusText = '') {
  const urls: string[] = [];
  const impl = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText });
  }) as typeof fetch;
  return { impl, urls };
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

test('GETs the provider oembed endpoint with the url and options and returns the JSON', async () => {
  const { impl, urls } = fakeFetch(200, { title: 'A video', width: 640, height: 360 });
  const data = await fetchOembed('vimeo', 'https://vimeo.com/76979871', { maxwidth: 480 }, impl);
  assert.is(data.title, 'A video');
  assert.equal(urls, ['https://vimeo.com/api/oembed.json?url=https%3A%2F%2Fvimeo.com%2F76979871&format=json&maxwidth=480']);
});

test('403 becomes "is not embeddable", 404 "was not found", each an HttpError with the status', async () => {
  const forbidden = await rejection(fetchOembed('vimeo', 'https://vimeo.com/1', {}, fakeFetch(403, {}, 'Forbidden').impl));
  assert.instance(forbidden, HttpError);
  assert.is(forbidden.message, '\u201chttps://vimeo.com/1\u201d is not embeddable.');
  assert.is((forbidden as HttpError).status, 403);
  const missing = await rejection(fetchOembed('youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', {}, fakeFetch(404, {}, 'Not Found').impl));
  assert.is(missing.message, '\u201chttps://www.youtube.com/watch?v=dQw4w9WgXcQ\u201d was not found.');
  assert.is((missing as HttpError).status, 404);
});

test('another failure status carries its status text', async () => {
  const error = await rejection(fetchOembed('vimeo', 'https://vimeo.com/1', {}, fakeFetch(500, 'oops', 'Internal Server Error').impl));
  assert.instance(error, HttpError);
  assert.is(error.message, 'Internal Server Error');
  assert.is((error as HttpError).status, 500);
});

test('no network at all: a readable "could not be reached"', async () => {
  const offline = (async () => {
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  const error = await rejection(fetchOembed('youtube', 'https://youtu.be/dQw4w9WgXcQ', {}, offline));
  assert.is(error.message, 'YouTube could not be reached.');
  assert.is(PROVIDER_UNREACHABLE('vimeo'), 'Vimeo could not be reached.');
});

test('a foreign url is refused before any request', async () => {
  const { impl, urls } = fakeFetch(200);
  const error = await rejection(fetchOembed('vimeo', 'https://evil.example/1', {}, impl));
  assert.instance(error, ValidationError);
  assert.is(error.message, '\u201chttps://evil.example/1\u201d is not a vimeo.com url.');
  assert.equal(urls, []);
});

test('a 200 with broken JSON still counts as playable', async () => {
  const data = await fetchOembed('vimeo', 'https://vimeo.com/1', {}, fakeFetch(200, '{not json').impl);
  assert.equal(data, {});
});

test.run();
