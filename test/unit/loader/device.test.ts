import '../support/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isMobileDevice } from '../../../src/embed/device';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

test('desktop needs both a desktop device string and hover', () => {
  assert.is(isMobileDevice(DESKTOP, true), false);
  assert.is(isMobileDevice(DESKTOP, false), true, 'a touch-only laptop gets the mobile layout');
  assert.is(isMobileDevice(IPHONE, true), true, 'a phone stays mobile even if it reports hover');
  assert.is(isMobileDevice(ANDROID, false), true);
});

test.run();
