/**
 * Renders a lazily loaded plugin's Component. Until the file arrives `fallback` shows (nothing
 * by default); if it fails to load or throws while rendering, only this slot falls back (the
 * feature degrades).
 */
import { Component, useEffect, useState, type ReactNode } from 'react';
import { debugLog } from '../debug';
import { loadPlugin, pluginNow } from '../embed/plugins';
import type { PluginName, PluginSlotProps } from '../plugin-types';

/** Catches errors thrown by a plugin while rendering or in its effects. */
class Contained extends Component<{ children?: ReactNode; fallback?: ReactNode }, { failed?: boolean }> {
  override state: { failed?: boolean } = {};
  override componentDidCatch(error: unknown) {
    debugLog('plugin failed', error);
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Plugin `name` rendered with `props`; `fallback` while loading or after a failure. */
export function PluginSlot<N extends PluginName>({ name, props, fallback }: PluginSlotProps<N>) {
  const [plugin, setPlugin] = useState(() => pluginNow(name));
  useEffect(() => {
    if (!plugin) loadPlugin(name).then((p) => p && setPlugin(p));
  }, []);
  const Plugin = plugin?.Component;
  return Plugin ? (
    <Contained fallback={fallback}>
      <Plugin {...props} />
    </Contained>
  ) : (
    <>{fallback}</>
  );
}
