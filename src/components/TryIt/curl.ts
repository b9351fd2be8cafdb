/**
 * "Copy as curl": the panel's request as a POSIX shell command. Every argument is single-quoted
 * (inside single quotes the shell expands nothing: no $(...), backticks, variables or globs), and
 * a single quote is written as '\'' . The body goes through --data-raw, which, unlike -d, never
 * reads a file when the text starts with @.
 */
import type { SandboxRequest } from './request';

export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(request: SandboxRequest): string {
  const parts = [request.method === 'GET' ? `curl ${shellQuote(request.url)}` : `curl -X ${request.method} ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.body !== null) parts.push(`--data-raw ${shellQuote(request.body)}`);
  return parts.join(' \\\n  ');
}
