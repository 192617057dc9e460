import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loggedIn, sitePath, tweetPage, twitterFinalize, twitterLogin } from '../../../server/twitter';
import { TWITTER_LOGIN_COOKIE } from '../../../src/model';

const raw = { id: 'abc', url: 'http://127.0.0.1:8080/gifs/abc', bitly_url: 'http://127.0.0.1:8080/g/abc', title: 'A <b>cat</b>' };

test('the login comes back through finalize to a path on this site only', () => {
  assert.equal(twitterLogin(new URLSearchParams('next=/gifs/abc/tweet')), { redirect: '/login/twitter/finalize?next=%2Fgifs%2Fabc%2Ftweet&oauth_verifier=local' });
  for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '']) {
    assert.is(sitePath(hostile), '/', hostile);
  }
  const done = twitterFinalize(new URLSearchParams('next=//evil.example'));
  assert.is('redirect' in done && done.redirect, '/');
  assert.match(('cookies' in done && done.cookies?.[0]) || '', new RegExp(`^${TWITTER_LOGIN_COOKIE}=1; Path=/; Max-Age=\\d+; SameSite=Lax$`));
});

test('the tweet page: the login first without the cookie; with it, the GIF and its tweet intent, escaped', () => {
  assert.equal(tweetPage(raw, undefined), { redirect: '/login/twitter?next=%2Fgifs%2Fabc%2Ftweet' });
  assert.equal(tweetPage(raw, 'a=1; twitter_upload_login=0'), { redirect: '/login/twitter?next=%2Fgifs%2Fabc%2Ftweet' });
  assert.ok(loggedIn(`a=1; ${TWITTER_LOGIN_COOKIE}=1`));
  const page = tweetPage(raw, `${TWITTER_LOGIN_COOKIE}=1`);
  const html = 'html' in page ? page.html : '';
  assert.match(html, /href="https:\/\/twitter\.com\/intent\/tweet\?url=http%3A%2F%2F127\.0\.0\.1%3A8080%2Fg%2Fabc&#38;tc=1"/);
  assert.not.match(html, /<b>cat/);
});

test.run();
