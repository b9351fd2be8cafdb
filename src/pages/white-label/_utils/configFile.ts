import { exportFile } from '@site/src/lib/whiteLabel';
import { summariseErrors } from '@site/src/schemas/common';
import { whiteLabelConfigSchema, type WhiteLabelConfig } from '@site/src/schemas/whiteLabel';

/** Starts a download of the configuration file (spec section 5 file name). */
export function downloadConfig(config: WhiteLabelConfig): string {
  const { name, json } = exportFile(config);
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a moment later is safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/**
 * Reads a downloaded configuration file back. The file's extras (customCSS, generatedAt) and
 * the server-owned id/isActive are dropped; the rest must pass the same schema as a save.
 */
export function parseImport(text: string, organizationId: string): { config?: Omit<WhiteLabelConfig, 'id' | 'isActive'>; error?: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: 'The file is not valid JSON.' };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { error: 'The file does not contain a configuration object.' };
  const { customCSS: _css, generatedAt: _at, id: _id, isActive: _active, ...fields } = raw as Record<string, unknown>;
  const parsed = whiteLabelConfigSchema.safeParse({ ...fields, organizationId });
  if (!parsed.success) return { error: summariseErrors(parsed.error) };
  const { id: _i, isActive: _a, ...config } = parsed.data;
  return { config };
}
