/** @jsxImportSource preact */
/**
 * Renders a lazily loaded plugin's Component. Until the file arrives nothing shows; if it fails
 * to load or throws while rendering, only this slot goes empty (the feature degrades).
 */
import { Component, type ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { debugLog } from '../debug';
import { loadPlugin, pluginNow } from '../embed/plugins';
import type { PluginName, PluginPropsByName } from '../plugin-types';

/** Catches errors thrown by a plugin while rendering or in its effects. */
class Contained extends Component<{ children?: ComponentChildren }, { failed?: boolean }> {
  override componentDidCatch(error: unknown) {
    debugLog('plugin failed', error);
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Plugin `name` rendered with `props`; nothing while loading or after a failure. */
export function PluginSlot<N extends PluginName>({ name, props }: { name: N; props: PluginPropsByName[N] }) {
  const [plugin, setPlugin] = useState(() => pluginNow(name));
  useEffect(() => {
    if (!plugin) loadPlugin(name).then((p) => p && setPlugin(p));
  }, []);
  const Plugin = plugin && (plugin.Component as unknown as (p: PluginPropsByName[N]) => ComponentChildren);
  return Plugin ? <Contained><Plugin {...props} /></Contained> : null;
}

