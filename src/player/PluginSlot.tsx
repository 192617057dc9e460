/**
 * Renders a lazily loaded plugin's Component. Until the file arrives `fallback` shows (nothing
 * by default); if it fails to load or throws while rendering, only this slot falls back (the
 * feature degrades).
 */
import { fromDocument } from '../dom';
import { Component, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { reportError } from '../analytics/error-report';
import { loadPlugin, pluginNow } from '../plugin-files';
import { deepActiveElement } from './focus';
import type { PluginName, PluginSlotProps } from '../plugin-types';

/** Catches errors thrown by a plugin while rendering or in its effects. */
class Contained extends Component<{ children?: ReactNode; fallback?: ReactNode }, { failed?: boolean }> {
  override state: { failed?: boolean } = {};
  override componentDidCatch(error: unknown) {
    reportError(error, 'plugin');
    this.setState({ failed: true });
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Plugin `name` rendered with `props`; `fallback` while none are given, while loading, or after a failure. */
export function PluginSlot<N extends PluginName>({ name, props, fallback }: PluginSlotProps<N>) {
  const defer = !props;
  const [plugin, setPlugin] = useState(() => (defer ? undefined : pluginNow(name)));
  // The control that had focus when the plugin replaced the fallback (the pause button, tabbed
  // to before the chrome arrived): the plugin's control of the same name takes it over.
  const focused = useRef<{ el: Element; root: Node } | null>(null);
  useEffect(() => {
    if (plugin || defer) return undefined;
    let mounted = true;
    loadPlugin(name).then((p) => {
      if (!p) return;
      // Every slot that waited for the file takes it in a task of its own: the players of a
      // page render their chrome one by one, so together they add no long task.
      setTimeout(() => {
        if (!mounted) return;
        const el = deepActiveElement();
        focused.current = el && { el, root: el.getRootNode() };
        setPlugin(p);
      });
    });
    return () => {
      mounted = false;
    };
  }, [defer]);
  useLayoutEffect(() => {
    const was = focused.current;
    focused.current = null;
    const label = was?.el.getAttribute('aria-label');
    // Only focus that was lost: the plugin may have moved it on by itself.
    const now = deepActiveElement();
    if (!was || was.el.isConnected || !label || (now && now !== fromDocument('body'))) return;
    for (const el of (was.root as ParentNode).querySelectorAll<HTMLElement>('[aria-label]')) {
      if (el.getAttribute('aria-label') === label) return el.focus({ preventScroll: true });
    }
  }, [plugin]);
  const Plugin = plugin?.Component;
  return Plugin && props ? (
    <Contained fallback={fallback}>
      <Plugin {...props} />
    </Contained>
  ) : (
    (fallback ?? null)
  );
}
