import type { ReactNode } from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import { PlanAvailability, UpgradeBadge } from '@site/src/components/ApiTables';
import { WEBHOOK_EVENTS, type WebhookEventDoc } from '@site/src/data/apiReference';
import { getPlan, type PlanId } from '@site/src/data/plans';
import LazyHydrate from '@site/src/components/LazyHydrate';
import styles from './styles.module.css';

/** Anchor of an event: `white_label.deployed` -> `event-white_label-deployed`. */
export function eventAnchor(type: string, plan?: PlanId): string {
  return `${plan ? `${plan}-` : ''}event-${type.replace(/\./g, '-')}`;
}

export function WebhookEventCard({ event, plan, showExample = true }: { event: WebhookEventDoc; plan?: PlanId; showExample?: boolean }): ReactNode {
  const available = !plan || event.plans.includes(plan);
  return (
    <article className={clsx(styles.card, !available && styles.unavailable)} data-event={event.type} data-available={available ? 'true' : 'false'}>
      <div className={styles.header}>
        <Heading as="h3" id={eventAnchor(event.type, plan)} className={styles.title}>
          <code>{event.type}</code>
        </Heading>
        {available ? <PlanAvailability plans={event.plans} /> : <UpgradeBadge />}
      </div>
      <p className={styles.description}>
        {event.description} <span className={styles.object}>data.object: {event.object}</span>
        {!available ? (
          <>
            {' '}
            <strong>Available on {event.plans.map((id) => getPlan(id).name).join(' and ')}.</strong> <Link to="/#pricing">Compare plans and upgrade</Link>
          </>
        ) : null}
      </p>
      {available && showExample ? (
        <details className={styles.details}>
          <summary>Example payload</summary>
          <CodeBlock language="json">{JSON.stringify(event.example, null, 2)}</CodeBlock>
        </details>
      ) : null}
    </article>
  );
}

/** The event types as cards; on a plan page the ones it cannot receive are dimmed. */
export default function WebhookEventList({ plan, showExample }: { plan?: PlanId; showExample?: boolean }): ReactNode {
  return (
    <div className={styles.list}>
      {WEBHOOK_EVENTS.map((e) => (
        <LazyHydrate key={e.type}>
          <WebhookEventCard event={e} plan={plan} showExample={showExample} />
        </LazyHydrate>
      ))}
    </div>
  );
}
