/** Field-name heuristics used by `key explain`: which names look like times, sequences or personal data. */

/** `createdAt` / `created-at` / `CREATED_AT` → `created_at`. */
function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-.\s]+/g, '_')
    .toLowerCase();
}

const TIME = /(^|_)(ts|time|timestamp|date|datetime|epoch|epoch_ms|millis|ms|day|hour|minute)$|_at$/;
const SEQUENCE = /(^|_)(seq|sequence|counter|serial|increment|auto_?inc(rement)?|offset|order_no)$/;
const PII = /(^|_)(email|e_mail|mail|phone|phone_number|mobile|msisdn|ssn|social_security(_number)?|name|first_name|last_name|full_name|user_name|username|surname|address|street|dob|birth_?date|date_of_birth|passport|iban|card_number|credit_card|national_id|tax_id)$/;

/** True for names like `ts`, `eventTime`, `created_at`. */
export function looksLikeTime(field: string): boolean {
  return TIME.test(snake(field));
}

/** True for names like `seq`, `orderSequence`, `counter`. */
export function looksLikeSequence(field: string): boolean {
  return SEQUENCE.test(snake(field));
}

/** True for names like `email`, `phone`, `ssn`, `lastName`: personal data that should not sit in a rowkey in clear. */
export function looksLikePii(field: string): boolean {
  return PII.test(snake(field));
}
