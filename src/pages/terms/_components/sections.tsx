import Link from '@docusaurus/Link';
import type { ReactNode } from 'react';
import { ACCOUNTING_PROVIDER, CLAIMS, PLANS, SITE, TERMS, formatPrice, type TermsSectionId } from '@site/src/data';
import { formatPeriod } from '@site/src/data/legal';
import { DISPUTE_SECTIONS } from './disputes';

const XERO = ACCOUNTING_PROVIDER.name;
const days = (n: number) => formatPeriod(n, 'day');

/**
 * The text of each /terms section. Every period and figure comes from TERMS in
 * src/data/legal.ts (or the plan data), so a change there reaches the page and its tests.
 * The liability, governing-law and later sections live in ./disputes.tsx to keep files short.
 */
export const TERMS_CONTENT: Record<TermsSectionId, ReactNode> = {
  agreement: (
    <>
      <p>
        These Terms of Service (&ldquo;Terms&rdquo;) govern your use of the {SITE.name} website, APIs, documentation,
        dashboards and white-label platform (together, the &ldquo;Services&rdquo;). By subscribing to a plan, creating an
        account or using the Services, you agree to these Terms and to our <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <p>
        If you accept on behalf of a company, you confirm that you are authorized to bind it, and &ldquo;you&rdquo; means
        that company. If you do not agree, do not use the Services.
      </p>
    </>
  ),
  definitions: (
    <dl>
      <dt>&ldquo;Customer Data&rdquo;</dt>
      <dd>Any data you or your end users send to or create in the Services, including account, transaction and accounting data.</dd>
      <dt>&ldquo;End User&rdquo;</dt>
      <dd>A person or business that uses a product you build on the Services, including a white-label platform.</dd>
      <dt>&ldquo;API Key&rdquo;</dt>
      <dd>The secret credential that authenticates your requests to our APIs.</dd>
      <dt>&ldquo;Plan&rdquo;</dt>
      <dd>
        The subscription you choose: {PLANS.map((p) => `${p.name} (${formatPrice(p)}${p.period})`).join(', ')}. Each plan
        has the limits published in our <Link to="/api-docs">API documentation</Link>.
      </dd>
      <dt>&ldquo;Partner Institution&rdquo;</dt>
      <dd>A regulated bank or payment institution that holds funds and carries out payments made through the Services.</dd>
      <dt>&ldquo;Accounting Provider&rdquo;</dt>
      <dd>{XERO}, the accounting software the Services integrate with.</dd>
    </dl>
  ),
  'registration-eligibility': (
    <>
      <p>To register and use the Services you must:</p>
      <ul>
        <li>
          be at least <strong>{TERMS.minimumAge} years old</strong>, or the age of majority where you live if that is
          higher, and be able to enter into a binding contract;
        </li>
        <li>
          not be located in, organized in or ordinarily resident in a country or region subject to comprehensive
          sanctions, and not be named on, or owned or controlled by anyone named on, a sanctions list (including those
          kept by the U.S. Treasury&rsquo;s OFAC, the United Nations, the European Union and the United Kingdom);
        </li>
        <li>give accurate information and complete our identity and business verification when asked.</li>
      </ul>
      <p>
        You are responsible for keeping your API Keys and credentials secret and for everything done with them. Tell us
        at once at <a href={`mailto:${SITE.contact.supportEmail}`}>{SITE.contact.supportEmail}</a> if you think they have
        been exposed. We may refuse or close a registration that does not meet these requirements.
      </p>
    </>
  ),
  'use-of-services': (
    <>
      <p>
        While your subscription is active, we give you a non-exclusive, non-transferable right to use the Services within
        the limits of your Plan (transactions, API calls, webhooks and rate limits). You agree not to:
      </p>
      <ul>
        <li>use the Services for anything unlawful, including fraud, money laundering or financing terrorism;</li>
        <li>get around rate limits, plan limits or security controls, or test our security without written permission;</li>
        <li>copy, reverse engineer or resell the Services, except as a white-label platform on the Enterprise plan;</li>
        <li>send malware or data you have no right to process.</li>
      </ul>
      <p>
        <strong>White label.</strong> Enterprise customers may offer the Services to their End Users under their own
        brand. You are then responsible for your branding, your customer support, and for telling End Users that
        banking services are provided by our Partner Institutions.
      </p>
    </>
  ),
  'financial-services': (
    <>
      <p>
        {SITE.name} is a technology provider, not a bank. Accounts and payments offered through the Services are
        provided by Partner Institutions and may also be subject to their terms, which we will show you. Payments can be
        delayed, held or refused where a Partner Institution or the law requires checks.
      </p>
      <p>
        Transaction fees start at {CLAIMS.transactionFee} and are shown in your Plan. Fees in the documentation examples
        are samples only. The {XERO} integration depends on {XERO}&rsquo;s availability and your {XERO} subscription,
        which is governed by {XERO}&rsquo;s own terms. We are an official {XERO} partner but not part of {XERO}.
      </p>
    </>
  ),
  fees: (
    <ul>
      <li>
        Plan fees are billed <strong>{TERMS.billing}</strong> and are{' '}
        <strong>{TERMS.feesRefundable ? 'refundable' : 'non-refundable'}</strong>, including for partly used months,
        except where the law requires a refund.
      </li>
      <li>Prices exclude taxes, which we add where required.</li>
      <li>
        We will give you at least <strong>{days(TERMS.feeChangeNoticeDays)} notice</strong> before any fee change takes
        effect, so you can change plans or cancel first.
      </li>
      <li>
        If a payment is more than <strong>{days(TERMS.suspensionDaysPastDue)} past due</strong>, we may suspend the
        Services until it is paid. We will warn you before we do.
      </li>
    </ul>
  ),
  'data-protection': (
    <>
      <p>
        Our <Link to="/privacy">Privacy Policy</Link> explains how we handle personal information. For Customer Data
        about your End Users, you are the controller and we act on your instructions as processor. We protect Customer
        Data with the security measures described in the Privacy Policy and tell you without undue delay if a breach
        affects it.
      </p>
      <p>
        <strong>Enterprise customers</strong> receive a data processing agreement, which forms part of these Terms and
        prevails over them where they differ, together with the white-label platform.
      </p>
    </>
  ),
  'intellectual-property': (
    <p>
      We own the Services, our documentation and SDKs, and all improvements to them. You own your Customer Data and your
      brand; you let us use them only to provide the Services, including displaying your brand on your white-label
      platform. If you send us feedback, we may use it without obligation to you.{' '}
      {`${XERO} is a trademark of ${XERO} Limited.`}
    </p>
  ),
  termination: (
    <>
      <p>
        You may cancel your subscription at any time; it ends at the close of the month already paid for. Either of us
        may end the agreement without cause by giving the other{' '}
        <strong>{days(TERMS.terminationNoticeDays)} notice</strong> in writing.
      </p>
      <p>
        We may suspend or end your access immediately if you seriously breach these Terms, if the law or a Partner
        Institution requires it, or to stop fraud or a sanctions breach.
      </p>
      <p>
        After termination you can ask us for an export of your Customer Data. We may delete it{' '}
        <strong>{days(TERMS.deletionDaysAfterTermination)} after termination</strong>; records that financial rules oblige
        us to keep are retained for the periods in our <Link to="/privacy#data-retention">Privacy Policy</Link>.
      </p>
    </>
  ),
  ...DISPUTE_SECTIONS,
};
