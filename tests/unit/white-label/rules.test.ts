import { WHITE_LABEL_DEFAULTS, whiteLabelConfigFileName } from '@site/src/data/whiteLabel';
import { contrastRatio, formatRatio, normaliseHex, suggestShade, AA_NORMAL_TEXT } from '@site/src/lib/contrast';
import { canDeploy, deployChecklist, missingForDeploy } from '@site/src/domain/whiteLabel';
import { buildExport, colorPairs, dnsRecords, exportFile, generateCustomCSS, isApexDomain } from '@site/src/lib/whiteLabel';
import { whiteLabelConfigSchema, type WhiteLabelConfig } from '@site/src/schemas/whiteLabel';
import { parseImport } from '@site/src/pages/white-label/_utils/configFile';

const base: WhiteLabelConfig = { ...WHITE_LABEL_DEFAULTS };
const ready: WhiteLabelConfig = { ...base, id: 'wlc_1', domain: 'bank.acme.example', logoUrl: 'https://x.example/l.png', faviconUrl: 'https://x.example/f.ico' };

describe('deploy checklist (spec section 4)', () => {
  const done = (c: Parameters<typeof deployChecklist>[0]) => deployChecklist(c).map((s) => s.done);

  it('has the four steps in order', () => {
    expect(deployChecklist(base).map((s) => s.id)).toEqual(['configSaved', 'domainSetup', 'assetsUploaded', 'platformDeployed']);
  });

  it('computes each step from the state', () => {
    expect(done(base)).toEqual([false, false, false, false]);
    expect(done({ ...base, id: 'wlc_1' })).toEqual([true, false, false, false]);
    expect(done({ ...base, domain: 'a.example' })).toEqual([false, true, false, false]);
    expect(done({ ...base, logoUrl: 'https://x/l.png' })).toEqual([false, false, false, false]);
    expect(done({ ...base, logoUrl: 'https://x/l.png', faviconUrl: 'https://x/f.ico' })).toEqual([false, false, true, false]);
    expect(done({ ...ready, isActive: true })).toEqual([true, true, true, true]);
  });

  it('treats blank text as missing', () => {
    expect(done({ ...ready, id: '  ', domain: ' ', faviconUrl: '\t' })).toEqual([false, false, false, false]);
  });

  it('enables deploy only with steps 1-3 done and the platform not active', () => {
    expect(canDeploy(ready)).toBe(true);
    expect(canDeploy({ ...ready, isActive: true })).toBe(false);
    expect(canDeploy({ ...ready, id: undefined })).toBe(false);
    expect(canDeploy({ ...ready, domain: '' })).toBe(false);
    expect(canDeploy({ ...ready, logoUrl: '' })).toBe(false);
    expect(canDeploy({ ...ready, faviconUrl: '' })).toBe(false);
  });

  it('names what a stored configuration lacks before deploying', () => {
    expect(missingForDeploy(ready)).toEqual({});
    expect(Object.keys(missingForDeploy(base))).toEqual(['domain', 'logoUrl', 'faviconUrl']);
  });
});

describe('download file (spec sections 3 and 5)', () => {
  it.each([
    ['Your Company', 'your-company-white-label-config.json'],
    ['Acme Bank Ltd', 'acme-bank-ltd-white-label-config.json'],
    ['ACME', 'acme-white-label-config.json'],
    ['Acme  Bank', 'acme-bank-white-label-config.json'],
  ])('%s -> %s', (name, file) => {
    expect(whiteLabelConfigFileName(name)).toBe(file);
    expect(exportFile({ ...base, companyName: name }).name).toBe(file);
  });

  it('holds the configuration plus customCSS and an ISO generatedAt', () => {
    const at = new Date('2026-03-01T08:00:00.000Z');
    const out = buildExport(ready, at);
    expect(out).toEqual({ ...ready, customCSS: generateCustomCSS(ready), generatedAt: '2026-03-01T08:00:00.000Z' });
    expect(JSON.parse(exportFile(ready, at).json)).toEqual(out);
  });

  it('generates CSS custom properties, the font and the background', () => {
    const css = generateCustomCSS({ ...ready, primaryColor: '#112233', fontFamily: 'Poppins', backgroundGradient: 'from-black via-slate-900 to-black' });
    expect(css).toContain('--wl-primary: #112233;');
    expect(css).toContain('--wl-primary-rgb: 17, 34, 51;');
    expect(css).toContain(`--wl-secondary: ${ready.secondaryColor};`);
    expect(css).toContain(`--wl-accent: ${ready.accentColor};`);
    expect(css).toMatch(/--wl-font-family: 'Poppins', /);
    expect(css).toContain('--wl-background: linear-gradient(135deg, #000000 0%, #0f172a 50%, #000000 100%); /* Midnight */');
    expect(css).toContain('font-family: var(--wl-font-family);');
    expect(css).toContain('background: var(--wl-background);');
  });

  it.each([
    '</style><script>alert(1)</script>',
    '</STYLE ><img src=x onerror=alert(1)>',
    'Acme <!-- <script>',
    'Acme </style',
  ])('customCSS cannot leave a <style> element: %s', (companyName) => {
    const css = generateCustomCSS({ ...ready, companyName });
    expect(css).not.toMatch(/<\/style|<script|<!--/i);
    const host = document.createElement('div');
    host.innerHTML = `<style>${css}</style><p id="after">after</p>`;
    expect(host.querySelectorAll('style')).toHaveLength(1);
    expect(host.querySelector('style')!.textContent).toBe(css);
    expect(host.querySelectorAll('script, img')).toHaveLength(0);
    expect(JSON.parse(exportFile({ ...ready, companyName }).json).customCSS).toBe(css);
  });

  it('cannot be broken out of its comment by the company name', () => {
    const css = generateCustomCSS({ ...ready, companyName: 'Evil */ body { display: none } /*' });
    expect(css.indexOf('*/')).toBe(css.split('\n')[0]!.length - 2);
  });

  it('imports a downloaded file back, and refuses anything else', () => {
    const { config } = parseImport(exportFile({ ...ready, companyName: 'Round Trip', isActive: true }).json, 'org_demo_001');
    expect(config).toEqual({ ...whiteLabelConfigSchema.parse({ ...ready, companyName: 'Round Trip' }), id: undefined, isActive: undefined });
    expect(config).not.toHaveProperty('customCSS');
    expect(parseImport('{nope', 'org_demo_001').error).toBe('The file is not valid JSON.');
    expect(parseImport('[1]', 'org_demo_001').error).toBe('The file does not contain a configuration object.');
    expect(parseImport(JSON.stringify({ ...ready, primaryColor: 'red' }), 'org_demo_001').error).toBe('Primary color must be a hex color like #8080ff');
  });
});

describe('contrast (WCAG AA)', () => {
  it('computes the standard ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(formatRatio(4.499)).toBe('4.49:1');
  });

  it('normalises hex input', () => {
    expect(normaliseHex('#ABC')).toBe('#aabbcc');
    expect(normaliseHex(' #8080FF ')).toBe('#8080ff');
    expect(normaliseHex('#12345')).toBeUndefined();
    expect(normaliseHex('red')).toBeUndefined();
  });

  it('suggests a passing shade for a color that fails against white', () => {
    expect(contrastRatio('#ffffff', base.primaryColor)).toBeLessThan(AA_NORMAL_TEXT);
    const fix = suggestShade(base.primaryColor, '#ffffff')!;
    expect(contrastRatio(fix, '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(colorPairs({ ...base, primaryColor: '#1d4ed8' })[0]!.ratio).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });
});

describe('DNS records', () => {
  it('gives a CNAME for the domain and a stable TXT verification record', () => {
    const [cname, txt] = dnsRecords('org_demo_001', 'Bank.Acme.Example');
    expect(cname).toMatchObject({ type: 'CNAME', name: 'bank.acme.example', value: 'org-demo-001.edge.ledgerline.example.com' });
    expect(txt!.type).toBe('TXT');
    expect(txt!.name).toBe('_ledgerline-verification.bank.acme.example');
    expect(txt!.value).toMatch(/^ledgerline-verification=[0-9a-f]{24}$/);
    expect(dnsRecords('org_demo_001', 'bank.acme.example')[1]).toEqual(txt);
    expect(dnsRecords('org_demo_001', 'other.acme.example')[1]!.value).not.toBe(txt!.value);
  });

  it('knows apex domains cannot take a CNAME', () => {
    expect(isApexDomain('acme.com')).toBe(true);
    expect(isApexDomain('bank.acme.com')).toBe(false);
  });
});
