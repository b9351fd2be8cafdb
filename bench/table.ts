import fs from 'node:fs';
import path from 'node:path';

/** One line of the report. `ok` is absent for figures printed for information only. */
export interface Row {
  section: string;
  item: string;
  figure: string;
  budget?: string;
  ok?: boolean;
}

export class Report {
  readonly rows: Row[] = [];
  readonly notes: string[] = [];

  add(row: Row): void {
    this.rows.push(row);
  }

  /** Adds a row whose figure is checked against a budget by `ok`. */
  check(section: string, item: string, figure: string, budget: string, ok: boolean): void {
    this.rows.push({ section, item, figure, budget, ok });
  }

  info(section: string, item: string, figure: string): void {
    this.rows.push({ section, item, figure });
  }

  note(text: string): void {
    this.notes.push(text);
  }

  tally(): { met: number; missed: number } {
    const budgeted = this.rows.filter((r) => r.ok !== undefined);
    const met = budgeted.filter((r) => r.ok).length;
    return { met, missed: budgeted.length - met };
  }

  render(): string {
    const header = ['section', 'route / metric', 'figure', 'budget', 'ok'];
    const cells = this.rows.map((r) => [r.section, r.item, r.figure, r.budget ?? '', r.ok === undefined ? '' : r.ok ? 'ok' : 'FAIL']);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
    const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
    const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
    return [line(header), rule, ...cells.map(line)].join('\n');
  }

  write(file: string, meta: Record<string, unknown>): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { met, missed } = this.tally();
    fs.writeFileSync(file, `${JSON.stringify({ ...meta, met, missed, rows: this.rows, notes: this.notes }, null, 2)}\n`);
  }
}

export const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
