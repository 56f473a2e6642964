/**
 * An application's history in words. The wording of every action lives with the audit catalogue in
 * libs/contracts (`AUDIT_ACTIONS`), the same catalogue the API writes its entries through.
 */
export {
  CHECK_LABEL,
  describeAuditEntry as describeEntry,
  type AuditText as HistoryText,
} from '@waypoint/contracts';
