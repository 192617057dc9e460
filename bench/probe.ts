/**
 * The in-page probe, installed before any page script runs (Playwright `addInitScript`).
 * It records what the Performance APIs report (largest paint, long tasks, layout shift) and
 * counts observers and timers that are still live, so a mount/unmount loop can show leaks.
 * Everything lands on `window.__bench`; nothing here keeps page objects alive.
 */
/** The console message the probe writes when it sees the first GIF frame, followed by its time. */
export const FIRST_FRAME_LOG = '__bench first frame ';

/** The long tasks alone, on `window.__bench.tasks` as the probe has them: it wraps nothing of the page's. */
export const LONG_TASK_PROBE = `(() => {
  const b = window.__bench = { tasks: [] };
  try { new PerformanceObserver((l) => l.getEntries().forEach((e) => b.tasks.push([e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true }); } catch {}
})();`;

export const PROBE = `(() => {
  const FIRST_FRAME_LOG = ${JSON.stringify(FIRST_FRAME_LOG)};
  const b = window.__bench = { lcp: 0, firstFrame: 0, longTaskMs: 0, longTasks: 0, tbt: 0, cls: 0, liveObservations: 0, liveTimers: 0, tasks: [], scripts: [] };
  const watch = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  watch('largest-contentful-paint', (e) => { b.lcp = e.renderTime || e.loadTime || e.startTime; });
  watch('longtask', (e) => { b.tasks.push([e.startTime, e.duration]); b.longTasks++; b.longTaskMs += e.duration; b.tbt += Math.max(0, e.duration - 50); });
  // Scripts that ran in a long frame, each with its own duration (forced style and layout
  // included): what separates our work from the page's own parsing and rendering.
  watch('long-animation-frame', (e) => e.scripts.forEach((s) => b.scripts.push([s.startTime, s.duration, s.sourceURL || s.invoker])));
  watch('layout-shift', (e) => { if (!e.hadRecentInput) b.cls += e.value; });

  // Observed targets per observer live in a WeakMap-free way: a Set on the instance itself,
  // so a forgotten observer is counted but not kept alive by the probe.
  const SET = Symbol('targets');
  for (const name of ['IntersectionObserver', 'ResizeObserver', 'MutationObserver']) {
    const Real = window[name];
    if (!Real) continue;
    const proto = Real.prototype;
    const observe = proto.observe, unobserve = proto.unobserve, disconnect = proto.disconnect;
    proto.observe = function (t, o) {
      const s = this[SET] || (this[SET] = new Set());
      if (!s.has(t)) { s.add(t); b.liveObservations++; }
      return observe.call(this, t, o);
    };
    if (unobserve) proto.unobserve = function (t) {
      const s = this[SET];
      if (s && s.delete(t)) b.liveObservations--;
      return unobserve.call(this, t);
    };
    proto.disconnect = function () {
      const s = this[SET];
      if (s) { b.liveObservations -= s.size; s.clear(); }
      return disconnect.call(this);
    };
  }

  // Timers still to run: each with the time it is due (an interval: never). The page's callback
  // is handed to the browser as it is, not wrapped: a wrapper would be the script a long frame
  // names for every timer, and our own timer work would count as the probe's.
  const due = new Map();
  const st = window.setTimeout, ct = window.clearTimeout, si = window.setInterval, ci = window.clearInterval;
  const forget = (id) => { due.delete(id); return id; };
  window.setTimeout = function (fn, ms, ...args) {
    const id = st.call(window, fn, ms, ...args);
    const now = performance.now();
    if (due.size > 500) due.forEach((at, key) => { if (at < now) due.delete(key); });
    due.set(id, now + (Number(ms) || 0));
    return id;
  };
  window.clearTimeout = function (id) { return ct.call(window, forget(id)); };
  window.setInterval = function (fn, ms, ...args) { const id = si.call(window, fn, ms, ...args); due.set(id, Infinity); return id; };
  window.clearInterval = function (id) { return ci.call(window, forget(id)); };
  Object.defineProperty(b, 'liveTimers', { enumerable: true, get: () => { const now = performance.now(); let n = 0; due.forEach((at) => { if (at > now) n++; }); return n; } });

  /** Images that are not GIFs: tracking pixels, logos, avatars. */
  const NOT_GIF = /pixel|logo|avatars/;
  /** Every GIF image on the page, looking inside open shadow roots too. */
  b.images = (root = document) => {
    const out = [];
    const walk = (node) => {
      node.querySelectorAll('img').forEach((i) => out.push(i));
      node.querySelectorAll('*').forEach((el) => { if (el.shadowRoot) walk(el.shadowRoot); });
    };
    walk(root);
    return out.filter((i) => !NOT_GIF.test(i.src) && i.getBoundingClientRect().width > 40);
  };
  // A GIF's own file, decoded: not a 1x1 data: stand-in (the peer's Gif shows one until its
  // IntersectionObserver swaps the real file in; complete and 1 px wide, it is no GIF frame).
  const decodedFile = (i) => i.complete && i.naturalWidth > 1 && !/^data:/.test(i.currentSrc || i.src);
  /** The opacity an element is drawn with: its own times every ancestor's, across shadow roots. */
  const opacityOf = (el) => {
    let o = 1;
    for (let n = el; n && o > 0; n = n.parentElement || (n.getRootNode() instanceof ShadowRoot ? n.getRootNode().host : null)) o *= Number(getComputedStyle(n).opacity);
    return o;
  };
  /**
   * A GIF frame a reader can see: decoded, and drawn at least half opaque (an image fading in
   * from nothing is not shown in its first frames). The style is read only once the file is
   * decoded, so a page that is still loading is not made to compute its style by the probe.
   */
  const painted = (i) => decodedFile(i) && opacityOf(i) >= 0.5;
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight && r.width > 0; };
  /** True when \`box\` shows a painted GIF image: its player's, or the page's own <img> in it. */
  b.shows = (box) => (box.shadowRoot && b.images(box.shadowRoot).some(painted)) || b.images(box).some(painted);
  /** Resolves with performance.now() once every box in \`boxes\` shows a painted GIF image. */
  b.until = (boxes, onlyVisible, timeout = 30000) => new Promise((resolve) => {
    const t0 = performance.now();
    const tick = () => {
      const want = boxes().filter((box) => !onlyVisible || visible(box));
      const done = want.length > 0 && want.every(b.shows);
      if (done || performance.now() - t0 > timeout) resolve(done ? performance.now() : -1);
      else requestAnimationFrame(tick);
    };
    tick();
  });
  /**
   * Scrolls down a viewport at a time, each step as soon as the boxes on screen show their GIFs.
   * Resolves with the time the last screen's GIFs showed, or -1 if a screen waited over 10 s.
   * Boxes already scrolled past are not waited for: a lazy page never loads what flew by.
   */
  b.scrollThrough = async () => {
    const boxes = () => [...document.querySelectorAll('[data-bench-box]')];
    let at = -1;
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      if ((at = await b.until(boxes, true, 10000)) < 0) return -1;
    }
    return at;
  };
  /**
   * Scrolls down one viewport every \`stepMs\`, \`steps\` times, as a reader might, and watches
   * every frame: a box on screen without a painted GIF is a box waiting. Resolves with how many
   * boxes were seen waiting, their summed and their longest wait (ms).
   */
  b.humanScroll = (steps, stepMs) => new Promise((resolve) => {
    const boxes = [...document.querySelectorAll('[data-bench-box]')];
    const waits = new Map();
    let last = performance.now();
    let step = 0;
    scrollTo(0, 0);
    const timer = setInterval(() => {
      if (++step > steps) return;
      scrollBy(0, innerHeight);
    }, stepMs);
    const frame = () => {
      const now = performance.now();
      for (const box of boxes) if (visible(box) && !b.shows(box)) waits.set(box, (waits.get(box) || 0) + now - last);
      last = now;
      if (step <= steps) return requestAnimationFrame(frame);
      clearInterval(timer);
      const all = [...waits.values()];
      resolve({ waiting: all.length, totalMs: all.reduce((s, x) => s + x, 0), longestMs: Math.max(0, ...all) });
    };
    requestAnimationFrame(frame);
  });
  // The first GIF frame on screen: the first animation frame in which a box in view shows a
  // decoded GIF image at least half opaque (the same test for every side; LCP misses an image
  // that fades in). It reads no layout: which boxes are in view comes from an IntersectionObserver, so the probe forces no
  // style or layout work into the page's tasks while it loads.
  const inView = new Set();
  const decoded = (root) => [...root.querySelectorAll('img')].some((i) => painted(i) && i.naturalWidth > 40 && !NOT_GIF.test(i.src));
  const first = () => {
    for (const box of inView) {
      if ((box.shadowRoot && decoded(box.shadowRoot)) || decoded(box)) {
        b.firstFrame = performance.now();
        // Told to the driver as a console message: it waits for this without running anything in the page.
        return void console.debug(FIRST_FRAME_LOG + b.firstFrame);
      }
    }
    if (performance.now() < 30000) requestAnimationFrame(first);
  };
  addEventListener('DOMContentLoaded', () => {
    const io = new IntersectionObserver((entries) => entries.forEach((e) => (e.isIntersecting ? inView.add(e.target) : inView.delete(e.target))));
    document.querySelectorAll('[data-bench-box]').forEach((box) => io.observe(box));
    requestAnimationFrame(first);
  });
  /**
   * The hops before the first frame, from Resource Timing: when each request on the way to the
   * GIF was asked (\`asked\`) and when its last byte was in (\`in\`), the first of each kind:
   * the page's script (embed.js, the peer's bundle or the inert copy), the player file, the
   * API's \`gifs\` request, and the first GIF file.
   */
  b.hops = () => {
    const HOPS = [['script', /\\/(embed|peer|inert)\\.js/], ['player file', /\\/plugins\\/player-/], ['API', /\\/v1\\/gifs\\?/], ['GIF file', /\\/media\\//]];
    const entries = performance.getEntriesByType('resource');
    const out = {};
    for (const [name, pattern] of HOPS) {
      const e = entries.find((x) => pattern.test(x.name));
      if (e) { out[name + ' asked (ms)'] = e.startTime; out[name + ' in (ms)'] = e.responseEnd; }
    }
    return out;
  };
  /** Resolves with performance.now() once the top row (\`columns\` images) of #grid is painted. */
  b.firstRow = (columns) => new Promise((resolve) => {
    const t0 = performance.now();
    const grid = document.getElementById('grid');
    const tick = () => {
      const top = grid.getBoundingClientRect().top;
      const row = b.images(grid).filter((i) => i.getBoundingClientRect().top - top < 20).slice(0, columns);
      if (row.length === columns && row.every(painted)) resolve(performance.now());
      else if (performance.now() - t0 > 30000) resolve(-1);
      else requestAnimationFrame(tick);
    };
    tick();
  });
})();`;
