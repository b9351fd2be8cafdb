import fs from 'node:fs';
import { DemoPaymentProvider } from '../../../api-server/src/checkout/provider';

/**
 * A provider that keeps, like a real processor, the sessions it has captured: capturing one
 * twice charges once. The ledger is a file so it outlives a killed process.
 */
export class ChargingProvider extends DemoPaymentProvider {
  // Like a real processor it keeps what it captured outside our database.
  override readonly remote = true;

  constructor(
    private readonly ledger: string,
    /** Runs after the money is taken, before the server hears back (where faults are injected). */
    private readonly afterCharge: () => Promise<void> | void = () => undefined,
  ) {
    super();
  }

  charges(): string[] {
    return fs.existsSync(this.ledger) ? fs.readFileSync(this.ledger, 'utf8').split('\n').filter(Boolean) : [];
  }

  override async confirm(sessionId: string): Promise<void> {
    if (!this.charges().includes(sessionId)) fs.appendFileSync(this.ledger, `${sessionId}\n`);
    await this.afterCharge();
  }
}
