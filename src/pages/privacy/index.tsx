import type { ReactNode } from 'react';
import LegalPage from '@site/src/components/LegalPage';
import { PRIVACY_SECTIONS } from '@site/src/data';
import { PRIVACY_CONTENT } from './_components/sections';

const SECTIONS = PRIVACY_SECTIONS.map((s) => ({ ...s, content: PRIVACY_CONTENT[s.id] }));

export default function PrivacyPage(): ReactNode {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What personal information we collect, how we use and protect it, how long we keep it and the rights you have."
      sections={SECTIONS}
      related={{ to: '/terms', label: 'Read our Terms of Service' }}
    />
  );
}
