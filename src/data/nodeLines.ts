/**
 * The Node.js release lines this project runs on: the ones that get security fixes today
 * (22 maintenance, 24 maintenance LTS, 26 active LTS). package.json's `engines` says the same
 * (tests/unit/dev/nodeRuntime.test.ts holds the two together); the Operations page, the server's
 * start-up check and `npm install`'s runtime step read them from here. To support a new line,
 * add it here and to `engines`, and have CI run it (`TEST_NODE_LINES` in .ci/run).
 */
export const NODE_LINES = [22, 24, 26] as const;

export type NodeLine = (typeof NODE_LINES)[number];

/**
 * The Node that `npm install` fetches from the npm registry (`node-<platform>-<arch>`) when the
 * machine's own is older than every supported line; a security release is a bump here.
 */
export const NODE_RUNTIME_VERSION = '24.21.0';

/** The exact release CI runs for each other line (`TEST_NODE_LINES`). */
export const NODE_LINE_RELEASES: Readonly<Record<NodeLine, string>> = {
  22: '22.23.5',
  24: NODE_RUNTIME_VERSION,
  26: '26.10.0',
};

export function nodeMajor(version: string): number {
  return Number(version.replace(/^v/, '').split('.')[0]);
}
