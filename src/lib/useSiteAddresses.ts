import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { addressesOfSiteConfig, type SiteAddresses } from '@site/src/domain/siteAddress';

/** The addresses this build was made for (SITE_URL, API_BASE_URL), for canonical links and code samples. */
export function useSiteAddresses(): SiteAddresses {
  return addressesOfSiteConfig(useDocusaurusContext().siteConfig);
}
