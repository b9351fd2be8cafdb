import { useEffect, useState, type ReactNode } from 'react';
import { AA_NORMAL_TEXT, contrastLevel, formatRatio, normaliseHex, suggestShade } from '@site/src/lib/contrast';
import type { ColorPair } from '@site/src/lib/whiteLabel';
import { controlAria, Field } from '@site/src/components/Form';
import LinkButton from './LinkButton';
import Warning from './Warning';
import styles from './ColorField.module.css';

interface ColorFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (hex: string) => void;
  /** The text/background pair this color takes part in, checked against WCAG AA. */
  pair: ColorPair;
  error?: string | undefined;
}

/** WCAG AA verdict beside the color, with a one-click shade that passes when it fails. */
function ContrastNote({ id, pair, onFix }: { id: string; pair: ColorPair; onFix: (hex: string) => void }): ReactNode {
  const level = contrastLevel(pair.ratio);
  const ratio = formatRatio(pair.ratio);
  if (level === 'pass') {
    return (
      <p id={id} className={styles.contrastOk}>
        <span aria-hidden="true">✓</span> {pair.label}: {ratio}, passes WCAG AA
      </p>
    );
  }
  // Fix the color that belongs to this field: the background for white-on-color pairs.
  const fixingBackground = pair.field !== 'accentColor';
  const suggestion = fixingBackground ? suggestShade(pair.background, pair.foreground) : suggestShade(pair.foreground, pair.background);
  return (
    <Warning inline id={id} data-testid={`contrast-warning-${pair.field}`}>
      <strong>Low contrast.</strong> {pair.label} is {ratio}; WCAG AA needs {AA_NORMAL_TEXT}:1 for text
      {level === 'large-only' ? ' (passes for large text only).' : '.'}
      {suggestion && (
        <>
          {' '}
          <LinkButton onClick={() => onFix(suggestion)}>
            Use {suggestion}
            <span className={styles.swatchInline} style={{ background: suggestion }} aria-hidden="true" />
          </LinkButton>
        </>
      )}
    </Warning>
  );
}

/** Color picker and hex input kept in step; only complete hex values reach the configuration. */
export default function ColorField({ id, label, value, onChange, pair, error }: ColorFieldProps): ReactNode {
  const [draft, setDraft] = useState(value);
  // A preset or a suggestion changed the color from outside: show it in the text box.
  useEffect(() => {
    setDraft((d) => (normaliseHex(d.startsWith('#') ? d : `#${d}`) === value ? d : value));
  }, [value]);

  const typed = normaliseHex(draft.startsWith('#') ? draft : `#${draft}`);
  const draftError = draft.trim() !== '' && !typed ? 'Use a hex color like #8080ff' : undefined;
  const shownError = error ?? draftError;
  const noteId = `${id}-contrast`;
  const aria = controlAria({ id, error: shownError });
  const describedBy = [aria['aria-describedby'], noteId].filter(Boolean).join(' ');

  return (
    <Field id={id} label={label} error={shownError}>
      <div className={styles.colorRow}>
        <input
          type="color"
          className={styles.colorPicker}
          aria-label={`${label} picker`}
          value={value}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
        />
        <input
          id={id}
          name={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={7}
          className={styles.hexInput}
          value={draft}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={describedBy}
          onChange={(e) => {
            setDraft(e.target.value);
            const hex = normaliseHex(e.target.value.startsWith('#') ? e.target.value : `#${e.target.value}`);
            if (hex) onChange(hex);
          }}
          onBlur={() => typed && setDraft(typed)}
        />
      </div>
      <ContrastNote id={noteId} pair={pair} onFix={onChange} />
    </Field>
  );
}
