import { setup, open, DESKTOP, PHONE } from '../test/browser/support/harness';
const env = await setup();
for (const [name, opts] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  for (const page of ['index', 'blog', 'ads', 'light', 'hostile-css', 'sdk', 'react/']) {
    const o = await open(env, `/examples/${page}${page.endsWith('/') ? '' : '.html'}`, opts);
    await o.page.waitForTimeout(2500);
    if (name === 'desktop' && page === 'blog') {
      const box = await o.page.locator('[data-gif-id]').first().boundingBox();
      if (box) { await o.page.mouse.move(box.x + 50, box.y + 50); await o.page.waitForTimeout(1200); }
    }
    await o.page.screenshot({ path: `/tmp/shots/${name}-${page.replace('/', '')}.png`, fullPage: false });
    console.log(name, page, o.errors);
    await o.context.close();
  }
}
await env.close();
