import { lazy, Suspense, useState, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type { SectionCardsProps } from './SectionCards';
import { loadedSectionCards, loadSectionCards } from './_loadCards';

const Lazy = lazy(loadSectionCards);

/**
 * A section's cards, loaded on demand, as src/theme/CodeBlock loads Prism. Server rendering waits
 * for the chunk (no Suspense boundary: the HTML holds the cards). In the browser they render once
 * their closed section is opened; its island awaits the chunk first (./_loadCards.ts), so they
 * render at once. Rendered by a client-side navigation, they wait inside Suspense.
 */
export default function LazySectionCards(props: SectionCardsProps): ReactNode {
  const isBrowser = useIsBrowser();
  // Fixed for the slot's lifetime: a change would remount the cards.
  const [withBoundary] = useState(isBrowser);
  const [Cards] = useState(() => loadedSectionCards()?.default ?? Lazy);
  const cards = <Cards {...props} />;
  if (!withBoundary) return cards;
  return <Suspense fallback={<p aria-busy="true">Loading the section…</p>}>{cards}</Suspense>;
}
