/**
 * The one module that owns the framework. In dist/embed.js `react` and `react-dom` are
 * preact/compat (build.mjs aliases them); this module installs the embed's one Preact option
 * hook and lends compat's React to the plugin files through `window.GifEmbed.runtime`, keyed by
 * the import specifier a plugin's source uses (build.mjs rewrites those imports to read here).
 * One Preact per page: a second copy would not share hooks state or the render queue.
 *
 * The same goes for our own modules the loader carries (analytics with its pingback queue,
 * the model, the player's attribution and icons): plugins take them from here, one copy per page.
 * The object holds exactly the names plugins import (src/runtime-exports.json; a unit test holds
 * the two together), so the rest stays tree-shaken out of dist/embed.js.
 */
import { options, type VNode } from 'preact';
import { createElement, Fragment, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { createRoot } from 'react-dom/client';
import { css, glob, keyframes } from 'goober';
import { pingback } from './analytics';
import { debugLog } from './debug';
import { guarded, reportError, unreadableAnswer } from './analytics/error-report';
import { altText, attributionOf, EMBED_BASE_PX, escapeAttr, mediaUrl, normalizeGif, pickRendition, safeUrl, videoFile } from './model';
import { Attribution } from './player/Attribution';
import { deepActiveElement } from './player/focus';
import { Icon } from './player/icons';
import { NEW_WINDOW } from './player/links';
import { PauseButton, PAUSE_LABEL } from './player/PauseButton';
import type { Runtime } from './plugin-types';
import { VerifiedBadge } from './ui';
import { setScriptSrc, YOUTUBE_IFRAME_API } from './embed/script-src';
import { parseQuery } from './query';
import { MARKER_OBSERVER_STEPS, useScrollObserver } from './sdk/use-observers';
import { getEnv } from './env';
import { consentPending, mayStore, whenConsentDecided, withConsentMacros } from './analytics/consent';
import { VIEW_THRESHOLDS, watchSeen } from './analytics/viewability';
import { onIntersection, onResize } from './shared-observers';
import { fill } from './i18n';
import { fetchGifs, requestGif } from './embed/fetch';
import { languageOf, markLanguage, stringsOf, whenTable } from './embed/lang';
import { loadPlugin } from './embed/plugins';
import { shadowContainer } from './embed/shadow';
import { adoptStyles } from './embed/styles';
import { pingback as playerPingback, track } from './player/tracking';

/** Runs `handler` and keeps its errors in the embed. */
const contained = (handler: (event: Event) => unknown) => (event: Event) => guarded(() => handler(event), 'handler');

/**
 * DOM event handlers of everything the embed renders (player and plugins) run inside
 * try/catch, so a bug in a click handler stays in the embed instead of reaching the host
 * page's window.onerror. Chained like compat's own hook (compat/src/render.js).
 */
function containHandlers() {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as Record<string, unknown>;
    if (typeof vnode.type === 'string') {
      for (const key in props) {
        const value = props[key];
        if (key[0] === 'o' && key[1] === 'n' && typeof value === 'function') props[key] = contained(value as (e: Event) => unknown);
      }
    }
    if (previous) previous(vnode);
  };
}

containHandlers();

// Passive effects (useEffect) run in the next task, not after the next frame: the players a
// slice of work mounted (src/slices.ts) have their effects run before the next slice, so a page
// that mounts thousands runs them a slice's worth at a time. After a frame, they would gather
// all the slices that ran meanwhile (Preact waits up to 35 ms for one) into one long run.
options.requestAnimationFrame = setTimeout;

export const runtime: Runtime = {
  react: { createElement, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState },
  'react/jsx-runtime': { Fragment, jsx, jsxs },
  // For a plugin, or a page hosting one, that renders a tree of its own on the page's React.
  'react-dom/client': { createRoot },
  // In dist/embed.js `goober` is embed/goober.ts: rules land in the shared shadow stylesheet.
  goober: { css, glob, keyframes },
  // Our modules with state (the pingback queue, the debug flag) or already in this file.
  'src/analytics/index.ts': { pingback },
  'src/debug.ts': { debugLog },
  'src/query.ts': { parseQuery },
  // The scroll observer the mobile player uses, for the related grid's edge and load-more marker.
  'src/sdk/use-observers.ts': { MARKER_OBSERVER_STEPS, useScrollObserver },
  'src/analytics/error-report.ts': { reportError, unreadableAnswer },
  'src/env.ts': { getEnv },
  'src/model/index.ts': { altText, attributionOf, EMBED_BASE_PX, normalizeGif, pickRendition, videoFile },
  // The same functions by their own files, for plugin modules that import them from there (the
  // share menu's embed codes): the plugin file carries no second copy.
  'src/model/alt.ts': { altText },
  'src/model/renditions.ts': { mediaUrl, pickRendition, videoFile },
  'src/model/safe-url.ts': { safeUrl },
  'src/model/escape.ts': { escapeAttr },
  'src/player/Attribution.tsx': { Attribution },
  'src/player/focus.ts': { deepActiveElement },
  'src/player/icons.tsx': { Icon },
  'src/player/links.ts': { NEW_WINDOW },
  'src/player/PauseButton.tsx': { PauseButton, PAUSE_LABEL },
  // The kit's badge (the attribution's); its colours and rules are constants each plugin keeps.
  'src/ui/index.ts': { VerifiedBadge },
  'src/embed/script-src.ts': { setScriptSrc, YOUTUBE_IFRAME_API },
  // One viewability and one set of observers for the related grid's tiles and the players.
  'src/analytics/viewability.ts': { VIEW_THRESHOLDS, watchSeen },
  'src/shared-observers.ts': { onIntersection, onResize },
  // The one consent gate: the pixels wait for it and fill their macros from it, and the report
  // plugin's session decision is kept only where it allows.
  'src/analytics/consent.ts': { consentPending, mayStore, whenConsentDecided, withConsentMacros },
  // Fills a message's slots (a plugin's words come in its context, `m`).
  'src/i18n/index.ts': { fill },
  // What the widget plugin needs to show a `[data-gif-related]` element's widget (src/embed/related.ts).
  'src/embed/fetch.ts': { fetchGifs, requestGif },
  'src/embed/lang.ts': { languageOf, markLanguage, stringsOf, whenTable },
  'src/embed/plugins.ts': { loadPlugin },
  'src/embed/shadow.ts': { shadowContainer },
  'src/embed/styles.ts': { adoptStyles },
  'src/player/tracking.ts': { pingback: playerPingback, track },
};
