/** Marketing claims shown on the site. Change a figure here and every page follows. */
export const CLAIMS = {
  clients: '500+',
  uptime: '99.9%',
  monthlyTransactions: '1M+',
  support: '24/7',
  transactionFee: '0.1%',
  savings: '60%',
  encryption: '256-bit',
  compliance: 'PCI DSS',
} as const;

/** Statistics band of the landing page, in display order. */
export const LANDING_STATS = [
  { value: CLAIMS.clients, label: 'Clients' },
  { value: CLAIMS.uptime, label: 'Uptime' },
  { value: CLAIMS.monthlyTransactions, label: 'Monthly transactions' },
  { value: CLAIMS.support, label: 'Support' },
] as const;
