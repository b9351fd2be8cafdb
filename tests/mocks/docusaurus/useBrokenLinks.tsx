/** Records the anchors a component registers, so tests can check the navbar targets exist. */
export const collectedAnchors = new Set<string>();

export default function useBrokenLinks() {
  return {
    collectAnchor: (id: string) => void collectedAnchors.add(id),
    collectLink: (_link: string) => undefined,
  };
}
