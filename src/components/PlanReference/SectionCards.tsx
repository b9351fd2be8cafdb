import type { ReactNode } from 'react';
import Heading from '@theme/Heading';
import { EndpointList } from '@site/src/components/EndpointCard';
import WebhookEventList from '@site/src/components/WebhookEvents';
import type { ApiSectionId } from '@site/src/data/apiReference/types';
import type { PlanId } from '@site/src/data/plans';
import styles from './styles.module.css';

export interface SectionCardsProps {
  section: ApiSectionId;
  plan: PlanId;
}

/**
 * The cards of one plan-page section: its endpoints and, under Webhooks, the event types. With
 * the reference data they need, a chunk of its own (./_loadCards.ts): the page's start-up does not
 * evaluate it, since the sections it fills are closed at load.
 */
export default function SectionCards({ section, plan }: SectionCardsProps): ReactNode {
  return (
    <div className={styles.sectionCards} data-section-cards="">
      <EndpointList section={section} plan={plan} />
      {section === 'webhooks' ? (
        <>
          <Heading as="h3" id="event-types">
            Event types
          </Heading>
          <WebhookEventList plan={plan} />
        </>
      ) : null}
    </div>
  );
}
