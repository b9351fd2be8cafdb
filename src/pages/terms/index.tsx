import type { ReactNode } from 'react';
import LegalPage from '@site/src/components/LegalPage';
import { TERMS_SECTIONS } from '@site/src/data';
import { TERMS_CONTENT } from './_components/sections';

const SECTIONS = TERMS_SECTIONS.map((s) => ({ ...s, content: TERMS_CONTENT[s.id] }));

export default function TermsPage(): ReactNode {
  return (
    <LegalPage
      title="Terms of Service"
      description="The agreement between you and us for using our website, APIs and white-label platform: eligibility, fees, data, termination and disputes."
      sections={SECTIONS}
      related={{ to: '/privacy', label: 'Read our Privacy Policy' }}
    />
  );
}
