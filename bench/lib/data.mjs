/**
 * Deterministic test data: an array of realistic user records (nested objects, arrays of objects,
 * optional and nullable fields, mixed-type members), built from a seeded PRNG so every run and every
 * machine gets the same bytes.
 */
import { createHash } from 'node:crypto';

/** mulberry32: a tiny, fast, seedable 32-bit PRNG. Returns floats in [0, 1). */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ann', 'Bob', 'Chloé', 'Dmitri', 'Eve', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jia', 'Kofi', 'Lena'];
const LAST = ['Smith', 'Okafor', 'García', 'Nakamura', 'Müller', 'Rossi', 'Nguyen', 'Kowalski', 'Haddad'];
const CITIES = ['Lisbon', 'Osaka', 'Nairobi', 'Toronto', 'Kraków', 'Lima', 'Austin', 'Lyon', 'Pune'];
const TAGS = ['vip', 'beta', 'churn-risk', 'newsletter', 'b2b', 'trial', 'referral', 'mobile'];
const STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'refunded'];
const THEMES = ['light', 'dark', 'system'];

/** One record. `next` is the PRNG; `id` the record's number. */
function record(next, id) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const money = (max) => Math.round(next() * max * 100) / 100;
  const date = () => new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 1.5e11)).toISOString();
  const hex = (n) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join('');
  const first = pick(FIRST);
  const last = pick(LAST);
  const user = {
    id,
    uuid: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
    username: `${first.toLowerCase()}${int(1, 999)}`,
    name: { first, last },
    email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
    age: int(18, 90),
    isActive: next() < 0.8,
    balance: money(10_000),
    // A nullable number: `number | null`.
    rating: next() < 0.15 ? null : int(1, 5),
    createdAt: date(),
    tags: Array.from({ length: int(0, 4) }, () => pick(TAGS)),
    address: {
      street: `${int(1, 9999)} ${pick(LAST)} Street`,
      city: pick(CITIES),
      zip: String(int(10000, 99999)),
      geo: { lat: money(180) - 90, lng: money(360) - 180 },
    },
    preferences: { newsletter: next() < 0.5, theme: pick(THEMES), language: pick(['en', 'es', 'fr', 'ja']) },
    orders: Array.from({ length: int(0, 3) }, () => ({
      id: `ORD-${hex(10)}`,
      status: pick(STATUSES),
      total: money(500),
      items: Array.from({ length: int(1, 3) }, () => ({
        sku: `SKU-${hex(6)}`,
        qty: int(1, 5),
        price: money(100),
      })),
      shippedAt: next() < 0.4 ? null : date(),
    })),
    lastLogin: next() < 0.3 ? null : date(),
  };
  // Optional members (missing from some records) and a member whose type varies.
  if (next() < 0.7) user.phone = `+1-555-${int(100, 999)}-${int(1000, 9999)}`;
  if (next() < 0.1) user.company = null;
  else if (next() < 0.5)
    user.company = { name: `${pick(LAST)} & Co`, department: pick(['sales', 'it', 'ops']) };
  user.externalId = next() < 0.5 ? int(1, 1e6) : `ext-${hex(6)}`;
  return user;
}

/**
 * The JSON text of an array of records, at least `targetBytes` long (records are added until it is).
 * Returns `{ text, records, sha256 }`.
 */
export function generateRecordsJson(targetBytes, seed = 20_251_122) {
  const next = prng(seed);
  const parts = [];
  let size = 2;
  let id = 0;
  while (size < targetBytes) {
    const json = JSON.stringify(record(next, ++id));
    parts.push(json);
    size += json.length + 1;
  }
  const text = `[${parts.join(',')}]`;
  return { text, records: id, sha256: createHash('sha256').update(text).digest('hex').slice(0, 16) };
}
