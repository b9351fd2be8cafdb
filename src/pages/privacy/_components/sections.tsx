import Link from '@docusaurus/Link';
import type { ReactNode } from 'react';
import { ACCOUNTING_PROVIDER, PRIVACY, SITE, type PrivacySectionId } from '@site/src/data';
import { formatPeriod } from '@site/src/data/legal';

const XERO = ACCOUNTING_PROVIDER.name;
const { contact } = SITE;

/**
 * The text of each /privacy section. Figures (retention periods, response time, security
 * claims) come from src/data/legal.ts so this page, the terms and the tests cannot disagree.
 */
export const PRIVACY_CONTENT: Record<PrivacySectionId, ReactNode> = {
  introduction: (
    <>
      <p>
        {SITE.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) provides white-label banking APIs and an integration with
        {` ${XERO}`}, the accounting software, to businesses and developers. This policy explains what personal
        information we collect when you visit our website, subscribe to a plan, use our APIs, contact us or open a
        support ticket, what we do with it, and the choices you have.
      </p>
      <p>
        For information about your own account with us, we are the data controller. When our customers use the
        platform to serve their own customers (&ldquo;end users&rdquo;), we process end-user data on our
        customer&rsquo;s instructions, as their processor; the customer&rsquo;s own privacy notice then applies, and
        questions about it are best sent to them first.
      </p>
    </>
  ),
  'information-we-collect': (
    <>
      <h3>Information you give us</h3>
      <ul>
        <li>Contact details: your name, email address, company and phone number, when you subscribe, fill in the contact form or open a support ticket.</li>
        <li>The content of your messages and support tickets, including any account ID you choose to add.</li>
        <li>
          Billing details. Card payments are handled by our payment processor; we never see or store your full card
          number.
        </li>
        <li>
          Identity verification information required by law before we can offer banking services: legal name, date of
          birth, address, government ID and, for businesses, registration and ownership details.
        </li>
      </ul>
      <h3>Information created when you use the platform</h3>
      <ul>
        <li>Account, balance, transaction and payment records processed through our banking APIs.</li>
        <li>
          Accounting data from {XERO}, such as organization details, invoices and reports, but only after you connect
          your {XERO} organization and authorize access. You can disconnect at any time.
        </li>
        <li>API logs: which endpoint was called, when, from which IP address, and the response status.</li>
      </ul>
      <h3>Information collected automatically</h3>
      <p>
        When you browse our website we receive standard technical data: IP address, browser and device type, pages
        viewed and referring page. See <a href="#cookies">Cookies and Similar Technologies</a>.
      </p>
    </>
  ),
  'how-we-use-information': (
    <>
      <p>We use personal information only for these purposes:</p>
      <ul>
        <li>To provide the services you subscribe to: accounts, payments, {XERO} synchronisation and webhooks.</li>
        <li>To verify identity and to prevent fraud, money laundering and sanctions breaches, as the law requires.</li>
        <li>To bill you, answer your messages and resolve support tickets.</li>
        <li>To keep the platform secure, for example by detecting unusual API activity.</li>
        <li>To send service messages, such as security alerts and notices of changes to our terms or fees.</li>
        <li>To send product news and our newsletter, only if you have agreed to it. You can unsubscribe at any time.</li>
        <li>To improve the platform, using aggregated statistics that do not identify you.</li>
      </ul>
      <p>
        Where the GDPR or similar laws apply, we rely on these legal bases: performing our contract with you,
        complying with legal obligations, our legitimate interest in running a secure and reliable service, and your
        consent for marketing.
      </p>
    </>
  ),
  'information-sharing': (
    <>
      <p>
        <strong>We do not sell your personal information.</strong> We share it only where needed to run the service:
      </p>
      <ul>
        <li>With the regulated banks and payment partners that hold funds and carry out payments.</li>
        <li>With {XERO}, when you connect an organization and ask us to synchronise data.</li>
        <li>With identity verification and fraud prevention providers.</li>
        <li>
          With service providers that host, email and support on our behalf, under contracts that limit their use of the
          data to that work.
        </li>
        <li>With a white-label customer, for the end users of that customer&rsquo;s branded platform.</li>
        <li>With authorities, when the law requires it, or to protect our users and the platform.</li>
        <li>With a buyer or successor, if our business is reorganized or sold, under this same policy.</li>
      </ul>
    </>
  ),
  'data-security': (
    <>
      <p>We protect your information with controls that are independently audited. They include:</p>
      <ul>
        {PRIVACY.securityClaims.map((claim) => (
          <li key={claim}>{claim}</li>
        ))}
      </ul>
      <p>
        Access to production data is limited to staff who need it, is logged and requires multi-factor
        authentication. No system is perfectly secure; if a breach affects your personal information, we will tell
        you and the relevant authorities as the law requires.
      </p>
    </>
  ),
  'your-rights': (
    <>
      <p>Depending on where you live, you have the right to:</p>
      <ul>
        <li>access the personal information we hold about you and get a copy of it;</li>
        <li>correct information that is wrong or incomplete;</li>
        <li>ask us to delete it, unless the law requires us to keep it (see <a href="#data-retention">Data Retention</a>);</li>
        <li>receive your data in a portable format;</li>
        <li>object to or restrict some uses, including marketing;</li>
        <li>withdraw consent at any time, without affecting what was done before;</li>
        <li>complain to your data protection authority.</li>
      </ul>
      <p>
        Send requests to <a href={`mailto:${contact.privacyEmail}`}>{contact.privacyEmail}</a>. We answer every request
        within <strong>{formatPeriod(PRIVACY.rightsResponseDays, 'day')}</strong>. We may ask you to confirm your
        identity first. Exercising your rights is free.
      </p>
    </>
  ),
  cookies: (
    <>
      <p>
        Our website uses only what it needs to work: cookies that keep it secure and reliable, and your browser&rsquo;s
        local storage to remember preferences such as the light or dark theme. We do not use advertising cookies and do
        not let advertisers track you on our site.
      </p>
      <p>
        If we add optional analytics, we will ask for your consent first. You can block or delete cookies in your
        browser settings; the site may then forget your preferences.
      </p>
    </>
  ),
  'international-transfers': (
    <p>
      We are based in the United States and our providers may process data in other countries. When personal
      information leaves the European Economic Area, the United Kingdom or Switzerland, we protect it with the European
      Commission&rsquo;s Standard Contractual Clauses or another lawful transfer mechanism, together with the security
      controls described above.
    </p>
  ),
  'data-retention': (
    <>
      <p>
        We keep personal information only as long as we need it for the purposes above or as financial regulations
        require:
      </p>
      <table>
          <thead>
            <tr>
              <th scope="col">Information</th>
              <th scope="col">How long we keep it</th>
            </tr>
          </thead>
          <tbody>
            {PRIVACY.retention.map((r) => (
              <tr key={r.data}>
                <td>{r.data}</td>
                <td>{r.period}</td>
              </tr>
            ))}
          </tbody>
      </table>
      <p>At the end of these periods we delete the information or anonymise it so that it no longer identifies you.</p>
    </>
  ),
  contact: (
    <>
      <p>For any question about this policy or your personal information, contact our privacy team:</p>
      <ul>
        <li>
          Email: <a href={`mailto:${contact.privacyEmail}`}>{contact.privacyEmail}</a>
        </li>
        <li>Phone: {contact.phone}</li>
        <li>Post: {SITE.name}, Privacy Team, {contact.address}</li>
      </ul>
      <p>
        For help with your account, visit <Link to="/support">Support</Link>.
      </p>
    </>
  ),
  updates: (
    <p>
      We may update this policy as our services or the law change. The date at the top shows when it last changed. If a
      change materially affects how we use your information, we will tell you by email or with a notice on our website
      before it takes effect.
    </p>
  ),
};
