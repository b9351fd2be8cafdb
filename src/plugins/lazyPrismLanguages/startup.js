// Replaces theme-classic's start-up registration of Prism languages: see ./index.ts.
export {};
