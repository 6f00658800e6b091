import { usePolicyNumber } from '../hooks/policy-paths';
import { DeliveryStatusCard } from './delivery-status';
import { PendingRequirements } from './pending-requirements';
import { PolicyFrame } from './policy-frame';

/**
 * The policy: its summary, what the insurer still needs (pending requirements, the letter, the
 * upload), where the printed pack is, and links to every part of the policy.
 */
export function PolicyDetailScreen() {
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:policy_detail_title" current="policy-detail" policyNumber={policyNumber}>
      {(detail) => (
        <>
          <PendingRequirements policyNumber={detail.policyNumber} />
          <DeliveryStatusCard detail={detail} />
        </>
      )}
    </PolicyFrame>
  );
}
