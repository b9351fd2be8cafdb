import clsx from 'clsx';
import type { ReactNode } from 'react';
import { FormAlert, Spinner } from '@site/src/components/Form';
import { canDeploy, deployChecklist, type DeployStepId } from '@site/src/domain/whiteLabel';
import { MESSAGES } from '../_utils/messages';
import type { WhiteLabelState } from '../_utils/useWhiteLabel';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import Card, { Hint, SectionTitle } from './Card';
import LinkButton from './LinkButton';
import { Unsaved } from './StatusPill';
import Warning from './Warning';
import styles from './DeployTab.module.css';

/** The deploy button's label for the current state (spec section 4). */
export function deployLabel(isActive: boolean, deploying: boolean): string {
  if (isActive) return 'Platform Active';
  return deploying ? 'Deploying...' : 'Deploy Platform';
}

interface DeployTabProps {
  state: WhiteLabelState;
  /** Opens the Configure tab on the field that completes a step. */
  onEdit: (field: 'domain' | 'logoUrl') => void;
  /** Opens the Manage tab (DNS records). */
  onManage: () => void;
}

export default function DeployTab({ state, onEdit, onManage }: DeployTabProps): ReactNode {
  const { config, deployStatus, loading, dirty } = state;
  const steps = deployChecklist(config);
  const ready = canDeploy(config);
  const deploying = deployStatus === 'submitting';
  const stepsDone = steps.slice(0, 3).every((s) => s.done);

  const action = (id: DeployStepId): ReactNode => {
    if (id === 'configSaved')
      return (
        <LinkButton onClick={() => void state.save()} disabled={loading || state.saveStatus === 'submitting'}>
          Save now
        </LinkButton>
      );
    if (id === 'domainSetup')
      return (
        <LinkButton onClick={() => onEdit('domain')}>
          Set domain
        </LinkButton>
      );
    if (id === 'assetsUploaded')
      return (
        <LinkButton onClick={() => onEdit('logoUrl')}>
          Add logo and favicon
        </LinkButton>
      );
    return null;
  };

  return (
    <div className={styles.deploy}>
      <Card aria-labelledby="wl-checklist-title">
        <SectionTitle id="wl-checklist-title">
          Deployment Checklist
        </SectionTitle>
        <ol className={styles.checklist}>
          {steps.map((s, i) => (
            <li key={s.id} className={clsx(styles.step, s.done && styles.stepDone)} data-testid={`step-${s.id}`} data-done={s.done}>
              <span className={styles.stepIcon} aria-hidden="true">
                {s.done ? '✓' : i + 1}
              </span>
              <span className={styles.stepText}>
                <strong>{s.label}</strong>
                <span className={styles.stepDescription}>{s.description}</span>
              </span>
              <span className={styles.stepStatus}>
                <VisuallyHidden>{s.label}: </VisuallyHidden>
                {s.done ? 'Complete' : 'Pending'}
              </span>
              {!s.done && i < 3 && <span className={styles.stepAction}>{action(s.id)}</span>}
            </li>
          ))}
        </ol>
      </Card>

      <Card aria-labelledby="wl-deploy-title">
        <SectionTitle id="wl-deploy-title">
          Deploy
        </SectionTitle>
        <dl className={styles.deployFacts}>
          <dt>Domain</dt>
          <dd>{config.domain.trim() ? `https://${config.domain.trim()}` : 'Not set'}</dd>
          <dt>Configuration</dt>
          <dd>
            {state.meta ? `Version ${state.meta.version}` : 'Not saved yet'}
            {dirty && <Unsaved> · Unsaved changes</Unsaved>}
          </dd>
        </dl>
        {!stepsDone && !config.isActive && (
          <Warning role="status">{MESSAGES.deployBlocked}</Warning>
        )}
        {ready && dirty && <Hint>Your unsaved changes will be saved first, so what goes live matches the preview.</Hint>}
        {config.isActive && (
          // Deploying publishes the configuration; the domain answers only once the client's
          // DNS records point at us, which nothing here has checked. Say exactly that.
          <div className={styles.live} data-testid="deploy-live">
            <span className={styles.liveDot} aria-hidden="true" />
            <p>
              Version {state.meta?.lastDeployment?.version ?? state.meta?.version} is deployed. <strong>{config.domain}</strong> serves it once your DNS records point to
              us; until then the domain will not load. See <strong>Update DNS</strong> on the{' '}
              <a href="#manage" onClick={(e) => (e.preventDefault(), onManage())}>
                Manage tab
              </a>
              .
            </p>
          </div>
        )}
        <button type="button" className={clsx('button button--lg', config.isActive ? 'button--success' : 'button--primary', styles.deployButton)} disabled={!ready || deploying || loading} onClick={() => void state.deploy()}>
          {deploying && <Spinner label="Deploying" />} {deployLabel(config.isActive, deploying)}
        </button>
        <div className={styles.deployMessages}>
          {deployStatus === 'success' && <FormAlert kind="success">{MESSAGES.deploySuccess}</FormAlert>}
          {deployStatus === 'error' && (
            <FormAlert kind="error" detail={state.detail.deploy}>
              {MESSAGES.deployError}
            </FormAlert>
          )}
        </div>
      </Card>
    </div>
  );
}
