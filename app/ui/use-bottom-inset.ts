import { type RefObject, useEffect } from 'react';

/**
 * Publishes the height of something fixed to the bottom of the screen as a CSS variable on the
 * root, so the other bottom-fixed parts stack above it instead of covering it: the payout banner
 * (`--stripe-banner-height`) lifts the listing's booking bar, and both lift the toasts on a phone
 * (ADR 114, ADR 116). A hidden element (the bar on a desktop) measures 0.
 */
export function useBottomInset(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(variable, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
