/**
 * dist/plugins/video.js: registers the youtube/vimeo player with the loader.
 * The nonce the loader put on this script is kept as the default for the YouTube script tag,
 * for players that do not pass one.
 */
import type { Plugin, PluginName, VideoPluginProps } from '../../src/plugin-types';
import { VideoPlugin } from './VideoPlugin';
import { VIDEO_EN } from '../../src/i18n/en';

type Registry = { GifEmbed?: { register?(name: PluginName, plugin: Plugin<'video'>): void } };

const scriptNonce = (document.currentScript as HTMLScriptElement | null)?.nonce || undefined;

/** The registered component: VideoPlugin with the script's nonce as fallback. */
function Video(props: VideoPluginProps) {
  return <VideoPlugin {...props} nonce={props.nonce || scriptNonce} />;
}

(window as unknown as Registry).GifEmbed?.register?.('video', { Component: Video, en: VIDEO_EN });
