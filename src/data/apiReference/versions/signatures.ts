/**
 * The signature header of each event's example delivery in each version's document (the bodies
 * differ between versions): constants for the reason given at ../events.ts's EXAMPLE_SIGNATURES,
 * recomputed by tests/unit/docs/openapiExamples.test.ts.
 */
import type { ApiVersionName } from '../../apiVersioning';
import { ACCOUNTING } from '../common';
import { EXAMPLE_SIGNATURES as V1 } from '../events';

export const EXAMPLE_SIGNATURES: Record<ApiVersionName, Record<string, string>> = {
  v1: V1,
  '2026-11-28': {
    'transaction.completed': 'c67eabdadbe444f89da505612e9f18e73e1baaec495ee17322afd6e13851521f',
    'transaction.failed': 'e295e737f409ced145e629e074c1a51f4d9768d575c06561e4723ee572b6333e',
    'payment.succeeded': '401c405ad46cd08f0ff7ffc54eb292f3f105cd2a1e2e4c01545e40de5a3a15b3',
    'payment.failed': '24d43bb409ff50a3fa372713bbfe76f750b239336402f6a466ed02e36e58d3ec',
    'account.updated': 'c633a01d3048ee32bad4b508500d644007cf179636b6e1a664dc395f78fb1fa1',
    [`${ACCOUNTING}.sync.completed`]: 'f535b9b49059b343827ffc7980af271af3ab00473136f36b1e3cc9a32e39ddae',
    'invoice.created': 'f9536d9a45d362ce58ff0c3de96b3dba8faca3d2131e86ca44bb19ef74a0b184',
    'user.created': '78f14a879e87617df49e6e5c2090a1db9067bea72953e546cd7e62a3600c2693',
    'white_label.deployed': '5e4fb7b4f4ebddb0ff37fa603db38e8cc2e469a69faa42f8a63dadfec149f209',
    'invoice.overdue': '95a45fb9385a26b0914a1e4113f3e14bb1dab8bbccc629ea803b56bbb7491b30',
  },
};
