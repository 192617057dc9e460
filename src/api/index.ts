/**
 * The API client layer (spec §7, §8): request styles, errors, the request cache, the v1
 * fetch and paginator, and every call grouped by family. Import only what you call: each
 * module is free of side effects, so bundlers drop the rest.
 */
export * from './errors';
export * from './sdk-headers';
export * from './cache';
export * from './url';
export type { Json, JsonRecord, Body } from './json';
// The normalised GIF and user every call answers with, for callers that type their handlers.
export type { Gif, User, Rendition, Images, RenditionName, BottleData, ExternalMedia } from '../model';
// The embed codes the share menu and the snippet builder hand out, for a server that writes them.
export { embedScriptCode, scriptEmbedCode, iframeEmbedCode, responsiveEmbedCode, ampEmbedCode, embedUrl, embedSize, normalizeGif } from '../model';
export type { EmbedScriptSettings, ScriptEmbedOptions, EmbedParam } from '../model';
export * from './request';
export * from './v1';
export * from './paginator';
export * from './public-types';
export * from './public';
export * from './site';
export * from './channels';
export * from './metadata';
export * from './stories';
export * from './scheduler';
export * from './services';

/** Hosts and key for every call (API, site, stories, scheduler, imaging, pingback). */
export { getConfig, type Config } from '../config';
export { configure } from './configure';
