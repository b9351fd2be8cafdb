import type { ReactNode } from 'react';
import { SITE, TERMS } from '@site/src/data';
import { formatPeriod } from '@site/src/data/legal';

const { contact } = SITE;

/** The closing sections of /terms: liability, governing law, general provisions, updates, contact. */
export const DISPUTE_SECTIONS = {
  liability: (
    <>
      <p>
        We provide the Services with reasonable skill and care but, as far as the law allows, &ldquo;as is&rdquo; and
        without other warranties. Neither of us is liable for indirect or consequential losses, or for lost profits,
        revenue or data.
      </p>
      <p>
        Our total liability for all claims relating to the Services is capped at the fees you paid us in the{' '}
        <strong>{formatPeriod(TERMS.liabilityCapMonths, 'month')}</strong> before the event giving rise to the claim.
        Any claim must be brought within <strong>{formatPeriod(TERMS.claimsWithinYears, 'year')}</strong> of the day it
        arose. Nothing in these Terms limits liability that the law does not allow to be limited, such as for fraud.
      </p>
    </>
  ),
  'governing-law': (
    <>
      <p>
        These Terms are governed by the laws of the State of <strong>{TERMS.governingLaw}</strong>, USA, without regard to
        its conflict-of-laws rules.
      </p>
      <p>
        If a dispute arises, contact us first so we can try to resolve it informally. If we cannot, it will be settled
        by <strong>binding arbitration</strong> on an individual basis, seated in {TERMS.governingLaw}, rather than in
        court. Either of us may still ask a court for urgent relief to protect intellectual property or confidential
        information.
      </p>
      <p>
        <strong>Class-action waiver:</strong> claims may be brought only individually, not as a plaintiff or class member
        in any class, collective or representative action.
      </p>
    </>
  ),
  'general-provisions': (
    <ul>
      <li>These Terms, your Plan and any signed order form or data processing agreement are our entire agreement.</li>
      <li>You may not transfer the agreement without our consent; we may transfer it to a successor of our business.</li>
      <li>If a provision is found unenforceable, the rest stays in force.</li>
      <li>Not enforcing a right is not a waiver of it.</li>
      <li>Neither of us is responsible for delays caused by events beyond reasonable control.</li>
      <li>We send notices by email to your account address; you send them to {contact.legalEmail}.</li>
    </ul>
  ),
  updates: (
    <p>
      We may update these Terms. We will give you at least{' '}
      <strong>{formatPeriod(TERMS.updateNoticeDays, 'day')} notice</strong> of material changes by email or in the
      dashboard before they take effect. If you keep using the Services after that date, the updated Terms apply; if you
      do not agree, you can cancel before then.
    </p>
  ),
  contact: (
    <>
      <p>Questions about these Terms? Contact our legal team:</p>
      <ul>
        <li>
          Email: <a href={`mailto:${contact.legalEmail}`}>{contact.legalEmail}</a>
        </li>
        <li>Phone: {contact.phone}</li>
        <li>
          Post: {SITE.name}, Legal Department, {contact.address}
        </li>
      </ul>
    </>
  ),
} satisfies Record<'liability' | 'governing-law' | 'general-provisions' | 'updates' | 'contact', ReactNode>;
