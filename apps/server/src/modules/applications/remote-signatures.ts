import type { SignatureParty } from '@portal/domain/contracts/applications/application-steps';
import type { ApplicationSignatureRow } from '../../db/schema/application-signature.table';
import type { ApplicationRow } from '../../db/schema/application.table';
import type { ProductNames } from './application-form';
import type { RemoteSignRepository } from './remote-sign.repository';
import { signSummary } from './sign-summary';

/**
 * The remote signatures of an application that still hold (decision 014): each party's newest,
 * kept only while the summary the signer read, rebuilt from the application as it is now, has the
 * same hash — an edit of what they signed (names, product, amounts) voids their signature.
 */
export class RemoteSignatures {
  constructor(
    private readonly repository: RemoteSignRepository,
    private readonly names: () => Promise<ProductNames | null>,
  ) {}

  async current(row: ApplicationRow): Promise<ApplicationSignatureRow[]> {
    const signatures = await this.repository.signatures(row.id);
    if (signatures.length === 0) return [];
    const names = await this.names();
    return signatures.filter((s) => signSummary(row, s.party, s.lang === 'km' ? 'km' : 'en', names).hash === s.summaryHash);
  }

  async parties(row: ApplicationRow): Promise<SignatureParty[]> {
    return (await this.current(row)).map((s) => s.party);
  }
}
