/**
 * A page: everything one document's embeds share, in one object with one `dispose()`. Its
 * embeds (./embed.ts), the near and lookahead observers (./near.ts), the setup and mount queues,
 * the GIF batcher (./fetch.ts), the related widgets, and the page's settings: the API and
 * plugin hosts, the nonce, the consent gate (started as the page is made, to give a platform the
 * most time) and the stylesheet.
 */
import { startConsent } from '../analytics/consent';
import { setReportSender } from '../analytics/error-report';
import { configure } from '../config';
import { debug, debugLog } from '../debug';
import { DARK_QUERY } from '../player/scheme';
import { autoplayPolicy } from '../ui/motion';
import { setPluginSource } from '../plugin-files';
import { PLAYER_CSS, webpSupported } from '../player';
import { slices } from '../slices';
import { boxPlan, measured, type BoxStyles, type Seen } from './box';
import { release, repaint, restyle, start, watch, type Embed, type EmbedPage } from './embed';
import { sendReport } from './error-send';
import { gifBatcher } from './fetch';
import { mountQueue } from './mount-queue';
import { nearWatch } from './near';
import { attribute, boxSize, PLACEHOLDER_SELECTOR, placeholdersIn } from './placeholder';
import { relatedIn } from './related';
import type { ScriptSettings } from './script';
import type { EarlyGifs } from './global';
import { setupQueue } from './setup-queue';
import { scopedRegistry } from './shadow';
import { addCss, setStyleNonce } from './styles';

/** What a page's placeholders are given (src/loader.ts lends these as GifEmbed's). */
export interface Page extends EmbedPage {
  /** Watches every placeholder under `root` (default: the document). */
  scan(root?: ParentNode): void;
  /** Mounts placeholder `el` now, near the viewport or not (mounts asked for in one task are set up together). */
  mount(el: Element): void;
  /** Unmounts placeholder `el` and releases everything it held. */
  unmount(el: Element): void;
  /** Scans the document and follows it from now on: placeholders added mount, removed ones unmount. */
  follow(): void;
  /**
   * `GifEmbed.setAutoplay(policy)`: every player of the page takes `policy` (its placeholder's own
   * included) and paints again; anything but a policy is ignored, with a debug line.
   */
  setAutoplay(policy: unknown): void;
  /** Releases every embed and stops watching the document. */
  dispose(): void;
}

/**
 * Configures the window from the embed.js tag's `settings` (`setScriptSrc`: the setter of embed.js's
 * Trusted Types policy): the hosts, debug logging, the consent gate, the plugin files, the styles.
 */
export function applySettings(settings: ScriptSettings, setScriptSrc?: (script: HTMLScriptElement, url: string) => void) {
  if (settings.debug) debug(true);
  // The page's settings (src/settings.ts); configure() keeps those it knows, not the tag's own.
  configure(settings);
  // Reports go through the report plugin, fetched at the first one (./error-send.ts).
  setReportSender(sendReport);
  setPluginSource(settings.base, settings.nonce, setScriptSrc);
  // The consent platform gets the most time to answer before the first GIF is seen.
  startConsent();
  setStyleNonce(settings.nonce);
  addCss(PLAYER_CSS);
  // WebP decodes in the next task, while the page is still being scanned (the first player reads
  // the answer), not in the task that runs the player file.
  setTimeout(webpSupported);
}

/** The page of `doc`, whose embed codes repeat `settings.tag`. Nothing is watched before `scan` or `follow`. */
export function createPage(settings: Partial<Pick<ScriptSettings, 'tag'>>, doc: Document = document, early?: EarlyGifs | false): Page {
  const embeds = new Map<Element, Embed>();
  let disposed = false;
  /** Watches `el` (see embed.ts watch), unless the page is gone (a setup or mount queued before). */
  const watchHere = (el: Element, plan?: BoxStyles) => disposed || watch(page, el, plan);
  const startNear = (el: Element, seen?: Seen, asked?: boolean) => {
    const embed = embeds.get(el);
    if (embed) start(embed, seen, asked);
  };
  /** Placeholders found, waiting for their setup (watch): every box read, then written, sliced over tasks. */
  const setups = setupQueue(watchHere);
  const near = nearWatch(embeds, startNear);
  /** Mounts asked for in one task: read, written, measured and rendered together. */
  const mounts = mountQueue((found) => {
    const plans = found.map((el) => (el instanceof HTMLElement && !embeds.get(el) ? boxPlan(el, ...boxSize(el)) : undefined));
    found.forEach((el, i) => watchHere(el, plans[i]));
    const boxes = found.map(measured);
    found.forEach((el, i) => startNear(el, boxes[i], true));
  });
  const widgets = new WeakSet<Element>();

  /** Sets up the placeholders of `found` not watched yet. */
  const watchAll = (found: Element[]) => setups.add(found.filter((el): el is HTMLElement => el instanceof HTMLElement && !embeds.get(el)));

  /** Stops everything `el` started (or was queued for) and shows its own content again. */
  const releaseEl = (el: Element) => {
    setups.remove(el);
    const embed = embeds.get(el);
    if (embed) release(embed);
  };

  /** Follows the page: placeholders added later mount, removed ones unmount, a changed id remounts. */
  const onMutations = (records: MutationRecord[]) => {
    const added: Element[] = [];
    let removed = 0;
    for (const record of records) {
      // A page's language switch (a single-page app's): every painted player follows it.
      if (record.attributeName === 'lang') embeds.forEach(repaint);
      else if (record.type === 'attributes') {
        const el = record.target as Element;
        const embed = embeds.get(el);
        // mount() may already have picked up the new id; otherwise swap the GIF in place.
        if (embed && embed.id === attribute(el, 'gif-id')) continue;
        // (A mount the page asked for in the same task still comes: it reads the new id.)
        releaseEl(el);
        if (attribute(el, 'gif-id') === null || !el.matches(PLACEHOLDER_SELECTOR)) continue;
        watchHere(el);
        if (embed?.started) startNear(el);
      } else {
        record.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          added.push(...placeholdersIn(node));
          relatedIn(node, widgets, page.gifs);
        });
        removed ||= record.removedNodes.length;
      }
    }
    // Once per callback, however many records took nodes out: those gone are released, one moved
    // into another document keeps its styles there.
    if (removed) embeds.forEach((embed) => (embed.el.isConnected ? restyle(embed) : release(embed)));
    // A player moved back from another document takes this one's styles again.
    added.forEach((el) => restyle(embeds.get(el)));
    // Everything added at once is read before any of it is written, as in a scan; what the page
    // mounts in this task is set up with its mount (reading it here would force a style pass).
    watchAll(added.filter((el) => !mounts.has(el)));
  };
  const observer = new MutationObserver(onMutations);
  /** A page-wide setting changed (the page's autoplay switch, the reader's colour scheme an `auto` theme follows): every embed paints again. */
  const paintAll = () => embeds.forEach(repaint);
  /** The reader's colour scheme, followed from `follow` until `dispose`. */
  let scheme: MediaQueryList | undefined;

  const page: Page = {
    embeds,
    near,
    // The placeholders the page will soon show ride along each request, those still waiting for their setup too.
    gifs: gifBatcher(() => near.upcoming(setups.waiting()), early),
    shows: slices<() => void>((show) => show()),
    registry: scopedRegistry(),
    tag: settings.tag,
    scan(root = doc) {
      watchAll(placeholdersIn(root));
      relatedIn(root, widgets, page.gifs);
    },
    mount: mounts.add,
    unmount(el) {
      mounts.remove(el);
      releaseEl(el);
    },
    follow() {
      page.scan();
      // The document itself, not its root element: `document.open()` replaces the root element,
      // and what the rewrite writes (and adds later) is followed all the same.
      observer.observe(doc, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-gif-id', 'gif-id', 'lang'] });
      (scheme = matchMedia(DARK_QUERY)).addEventListener('change', paintAll);
    },
    setAutoplay(policy) {
      const known = autoplayPolicy(policy);
      if (!known) return debugLog(`ignored setAutoplay(${String(policy)})`);
      page.autoplay = known;
      paintAll();
    },
    dispose() {
      disposed = true;
      observer.disconnect();
      scheme?.removeEventListener('change', paintAll);
      near.disconnect();
      setups.clear();
      embeds.forEach(release);
    },
  };
  return page;
}
