/**
 * dist/plugins/intersection.js: the scroll-driven IntersectionObserver (./observer.ts). The
 * loader fetches this file only in a browser that has no IntersectionObserver of its own, before
 * it looks for placeholders, so lazy loading and SEEN work there too and no other browser pays.
 */
import { installIntersectionObserver } from './observer';

installIntersectionObserver();
