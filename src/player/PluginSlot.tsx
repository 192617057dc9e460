/** @jsxImportSource preact */
/**
 * Renders a lazily loaded plugin's Component. Until the file arrives `fallback` shows (nothing
 * by default); if it fails to load or throws while rendering, only this slot falls back (the
 * feature degrades).
 */
import { Component, type ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { debugLog } from '../debug';
import { loadPlugin, pluginNow } from '../embed/plugins';
import type { PluginName, PluginPropsByName } from '../plugin-types';

/** Catches errors thrown by a plugin while rendering or in its effects. */
class Contained extends Component<{ children?: ComponentChildren; fallback?: ComponentChildren }, { failed?: boolean }> {
  override componentDidCatch(error: unknown) {
    debugLog('plugin failed', error);
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Plugin `name` rendered with `props`; `fallback` while loading or after a failure. */
export function PluginSlot<N extends PluginName>({ name, props, fallback }: { name: N; props: PluginPropsByName[N]; fallback?: ComponentChildren }) {
  const [plugin, setPlugin] = useState(() => pluginNow(name));
  useEffect(() => {
    if (!plugin) loadPlugin(name).then((p) => p && setPlugin(p));
  }, []);
  const Plugin = plugin && (plugin.Component as unknown as (p: PluginPropsByName[N]) => ComponentChildren);
  return Plugin ? <Contained fallback={fallback}><Plugin {...props} /></Contained> : fallback || null;
}
