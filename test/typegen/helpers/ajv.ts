// A real JSON Schema 2020-12 validator (ajv) in strict mode. ajv knows no formats by itself (that is
// the ajv-formats package), so the five formats typegen documents are added here, each checked
// independently of typegen's own detection: RFC 3339 through the calendar (Date), UUIDs by RFC 4122's
// shape, email addresses by the HTML standard's grammar, URIs by the WHATWG URL parser plus RFC 3986's
// character set.
import { Ajv2020 } from 'ajv/dist/2020.js';

const RFC3339_DATE = /^\d{4}-\d{2}-\d{2}$/;
const RFC3339_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
// https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address
const HTML_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const RFC4122_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RFC3986_CHARACTERS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;

function isDate(text: string): boolean {
  if (!RFC3339_DATE.test(text)) return false;
  // The calendar decides: 2023-02-29 is no date and does not round-trip.
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function isDateTime(text: string): boolean {
  const match = RFC3339_DATE_TIME.exec(text);
  if (match === null || !isDate(match[1]!)) return false;
  return Number(match[2]) < 24 && Number(match[3]) < 60 && Number(match[4]) < 60;
}

function isUri(text: string): boolean {
  // RFC 3986's fragment holds no `#`: a second one makes no URI (ajv-formats agrees).
  if (!RFC3986_CHARACTERS.test(text) || text.indexOf('#') !== text.lastIndexOf('#')) return false;
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * ajv for 2020-12, strict, with `type` lists allowed, and `ownProperties` so that an absent optional
 * member named like an Object.prototype member (`toString`) is absent rather than the inherited function.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, ownProperties: true });
  ajv.addFormat('date', isDate);
  ajv.addFormat('date-time', isDateTime);
  ajv.addFormat('uuid', RFC4122_UUID);
  ajv.addFormat('email', HTML_EMAIL);
  ajv.addFormat('uri', isUri);
  return ajv;
}
