import type { Result as LhResult } from 'lighthouse';

export interface PageWeight {
  /** Bytes on the wire (compressed), as Lighthouse's network records count them. */
  js: number;
  css: number;
  total: number;
  requests: number;
  largestImage?: { bytes: number; url: string };
}

interface SummaryItem {
  resourceType: string;
  transferSize: number;
  requestCount: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  mimeType?: string;
}

/** Items of a table-like audit's details, or none when the audit did not run. */
function items<T>(lhr: LhResult, auditId: string): T[] {
  const details = lhr.audits[auditId]?.details as { items?: unknown[] } | undefined;
  return (details?.items ?? []) as T[];
}

/**
 * Page weight from a desktop Lighthouse run, reusing its resource-summary and network-requests
 * audits instead of loading every page a third time. Weights do not depend on the preset.
 */
export function pageWeight(lhr: LhResult): PageWeight {
  const summary = items<SummaryItem>(lhr, 'resource-summary');
  const bytesOf = (type: string) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const images = items<NetworkItem>(lhr, 'network-requests').filter(
    (r) => r.resourceType === 'Image' || (r.mimeType ?? '').startsWith('image/'),
  );
  const largest = images.sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))[0];
  return {
    js: bytesOf('script'),
    css: bytesOf('stylesheet'),
    total: bytesOf('total'),
    requests: summary.find((i) => i.resourceType === 'total')?.requestCount ?? 0,
    largestImage: largest ? { bytes: largest.transferSize ?? 0, url: largest.url } : undefined,
  };
}

/** The last path segment of a URL, enough to recognise an asset in the table. */
export function shortName(url: string): string {
  if (url.startsWith('data:')) return 'inline data: URL';
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').filter(Boolean).pop() ?? pathname;
  } catch {
    return url.slice(0, 40);
  }
}
