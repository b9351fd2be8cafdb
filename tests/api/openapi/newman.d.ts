/** The part of newman's programmatic API the contract run uses (newman ships no types). */
declare module 'newman' {
  interface Failure {
    error: { name: string; test?: string; message: string };
    source?: { name?: string };
  }
  interface Summary {
    run: { stats: { assertions: { total: number; failed: number }; requests: { total: number; failed: number } }; failures: Failure[] };
  }
  interface RunOptions {
    collection: object;
    envVar?: { key: string; value: string }[];
    reporters?: string[];
    timeoutRequest?: number;
  }
  export function run(options: RunOptions, callback: (err: Error | null, summary: Summary) => void): void;
}
