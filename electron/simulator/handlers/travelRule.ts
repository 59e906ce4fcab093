/**
 * POST /travel-rule/vasps: the Travel Rule VASP list, `{data:{vasps:[{vaspId, name}]}}` (API.md).
 * A small fixed list; the exchange answers 422 code 0 "This endpoint is disabled for your region"
 * where Travel Rule does not apply (the app then lets the person type the VASP's name).
 */
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { Reply } from '../http';
import type { PrivateContext } from './context';

export const SIMULATED_VASPS = [
  { vaspId: 'vasp-001', name: 'Famous Vasp Inc' },
  { vaspId: 'vasp-002', name: 'Example Custody GmbH' },
  { vaspId: 'vasp-003', name: 'Sample Exchange B.V.' },
] as const;

export function travelRuleVasps(_ctx: PrivateContext): Reply {
  return { status: ENDPOINTS.travelRuleVasps.successStatus, body: { data: { vasps: SIMULATED_VASPS } } };
}
