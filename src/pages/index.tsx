import Layout from '@theme/Layout';
import { useState, type ReactNode } from 'react';
import { SITE } from '@site/src/data/site';
import type { Plan } from '@site/src/data/plans';
import CheckoutModal from '@site/src/components/CheckoutModal';
import Hero from './_landing/Hero';
import { Features, Guides, Services, WhyUs } from './_landing/Cards';
import Pricing from './_landing/Pricing';
import Stats from './_landing/Stats';
import Contact from './_landing/Contact';

/** The landing page, in the spec's order: hero, why-us, features, guides, services, pricing, statistics, contact (footer by the theme). */
export default function Home(): ReactNode {
  // The plan whose checkout is open; null means the modal is closed (closing clears it).
  const [plan, setPlan] = useState<Plan | null>(null);
  return (
    <Layout title="Banking and accounting-integration APIs" description={SITE.tagline}>
      <main>
        <Hero />
        <WhyUs />
        <Features />
        <Guides />
        <Services />
        <Pricing onChoose={setPlan} />
        <Stats />
        <Contact />
      </main>
      <CheckoutModal plan={plan} onClose={() => setPlan(null)} />
    </Layout>
  );
}
