// The theme registers prism.additionalLanguages here; component tests need none.
export default function prismIncludeLanguages(): void {}
