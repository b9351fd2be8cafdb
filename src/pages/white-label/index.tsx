import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import { useState, type ReactNode } from 'react';
import ConfigureTab, { type SubTab } from './_components/ConfigureTab';
import DeployTab from './_components/DeployTab';
import { useSelfHostedFonts } from './_components/fonts';
import ManageTab, { platformStatus } from './_components/ManageTab';
import SignInRequired from './_components/SignInRequired';
import Tabs from './_components/Tabs';
import { useHashTab } from './_utils/useHashTab';
import { useWhiteLabel } from './_utils/useWhiteLabel';
import StatusPill, { StatusNote, Unsaved } from './_components/StatusPill';
import styles from './styles.module.css';

/** /white-label: the Enterprise admin that brands, deploys and manages the platform (spec section 2). */
export default function WhiteLabelPage(): ReactNode {
  useSelfHostedFonts();
  const state = useWhiteLabel();
  const [tab, setTab] = useHashTab();
  const [sub, setSub] = useState<SubTab>('branding');
  const status = platformStatus(state);

  // Deploy and Manage send the user to the field that completes a step.
  const editField = (field: 'domain' | 'logoUrl') => {
    setSub('branding');
    setTab('configure');
    setTimeout(() => document.getElementById(field)?.focus(), 50);
  };

  return (
    <Layout title="White Label Admin" description="Brand the platform as your own: configure, preview, deploy and manage.">
      <main className={styles.page}>
        <div className="container">
          <header className={styles.pageHeader}>
            <div>
              <span className={styles.eyebrow}>Enterprise</span>
              <Heading as="h1" className={styles.title}>
                White Label Admin
              </Heading>
              <p className={styles.lead}>Brand the platform as your own, preview it live, then deploy it on your domain.</p>
            </div>
            <div className={styles.headerStatus} aria-live="polite">
              <StatusPill tone={status.tone}>{state.loading ? 'Loading…' : status.label}</StatusPill>
              <StatusNote>{state.dirty ? <Unsaved /> : state.config.companyName}</StatusNote>
            </div>
          </header>
          {state.signInRequired ? (
            <SignInRequired />
          ) : (
          <Tabs
            idPrefix="wl"
            label="White-label admin"
            selected={tab}
            onSelect={setTab}
            tabs={[
              { id: 'configure', label: 'Configure', panel: <ConfigureTab state={state} sub={sub} onSub={setSub} /> },
              { id: 'deploy', label: 'Deploy', panel: <DeployTab state={state} onEdit={editField} onManage={() => setTab('manage')} /> },
              { id: 'manage', label: 'Manage', panel: <ManageTab state={state} onSetDomain={() => editField('domain')} /> },
            ]}
          />
          )}
        </div>
      </main>
    </Layout>
  );
}
