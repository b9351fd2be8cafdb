import { useEffect, useRef, useState } from 'react';
import { getPlan, type Plan } from '@site/src/data/plans';
import { TIMINGS } from '@site/src/data/timings';

export interface SuccessParams {
  plan: Plan;
  /** The customer's name, decoded, or null when absent. Rendered as text only. */
  name: string | null;
  orderId: string | null;
}

const MAX_NAME = 100;

export const docsPath = (planId: string): string => `/api-docs/${planId}`;

/** Full navigations off the site, behind an object so tests can observe them (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
// Control characters have no business in a greeting and can garble the line.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * URLSearchParams has already decoded the value once. Links built elsewhere sometimes encode
 * twice, so decode once more when that is valid; a lone '%' (as in "100% Club") or a broken
 * sequence makes decodeURIComponent throw, and then the value is kept as it is.
 */
export function decodeName(raw: string | null): string | null {
  if (raw === null) return null;
  let value = raw;
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Malformed sequence: show the text as given.
    }
  }
  value = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (value === '') return null;
  return [...value].slice(0, MAX_NAME).join('');
}

export function readSuccessParams(search: string): SuccessParams {
  const params = new URLSearchParams(search);
  const orderId = params.get('order');
  return {
    plan: getPlan(params.get('plan')),
    name: decodeName(params.get('name')),
    orderId: orderId && /^[A-Za-z0-9_-]{1,64}$/.test(orderId) ? orderId : null,
  };
}

/** Read after hydration: the page is prerendered without a query string, so reading it during render would mismatch. */
export function useSuccessParams(): SuccessParams | null {
  const [params, setParams] = useState<SuccessParams | null>(null);
  useEffect(() => setParams(readSuccessParams(window.location.search)), []);
  return params;
}

/** A per-second countdown from `start`, running once `active`; stops at 0. */
export function useCountdown(start: number, active: boolean): number {
  const [left, setLeft] = useState(start);
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(id);
  }, [active]);
  return left;
}

export interface RedirectTargets {
  /** /api-docs/{plan}, after TIMINGS.successRedirectMs. */
  docs: () => void;
  /** The hosted authentication flow, scheduled at TIMINGS.authRedirectMs (spec §4: the docs redirect comes first). */
  auth: () => void;
}

/** Schedules both redirects once `active`; leaving the page cancels whichever has not fired. */
export function useSuccessRedirects(active: boolean, targets: RedirectTargets): void {
  // The schedule starts once, when the page is ready; the latest targets are read when a timer fires.
  const latest = useRef(targets);
  latest.current = targets;
  useEffect(() => {
    if (!active) return undefined;
    const docs = setTimeout(() => latest.current.docs(), TIMINGS.successRedirectMs);
    const auth = setTimeout(() => latest.current.auth(), TIMINGS.authRedirectMs);
    return () => {
      clearTimeout(docs);
      clearTimeout(auth);
    };
  }, [active]);
}
