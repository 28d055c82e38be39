import * as v from "valibot";
import { DEFAULT_LANG, type Lang } from "#app/lib/languages.ts";
import type { Profile, ProfilePatch } from "./profile-schema";
import type { SessionUser } from "./session";

/** A member's stored personal data; empty strings until they fill the form in. */
export type MemberProfile = Profile;

/** One ticket as the dashboard shows it. */
export interface MemberTicket {
  id: string;
  eventSlug: string;
  eventName: string;
  eventStartsAt: string;
  purchasedAt: string;
  priceCents: number;
  currency: string;
  seat: string;
  /** Printed on the ticket when the platform sends it apart from the seat; else "". */
  section: string;
  entrance: string;
  /** What the gate scanners read; "" while the platform has not issued it. */
  code: string;
}

export type TicketPeriod = "future" | "past";

const ProfileRow = v.object({
  name: v.string(),
  surname: v.string(),
  phone: v.string(),
  birthdate: v.string(),
  address: v.string(),
  lang: v.picklist(["es", "en", "val"]),
});

const TicketRow = v.object({
  id: v.string(),
  event_slug: v.string(),
  event_name: v.string(),
  event_starts_at: v.string(),
  purchased_at: v.string(),
  price_cents: v.number(),
  currency: v.string(),
  seat: v.string(),
  section: v.string(),
  entrance: v.string(),
  code: v.string(),
});

function emptyProfile(lang: Lang): MemberProfile {
  return { name: "", surname: "", phone: "", birthdate: "", address: "", lang };
}

/** The member's profile, or an empty one in `fallbackLang` before their first save. */
export async function readProfile(db: D1Database, uid: string, fallbackLang: Lang = DEFAULT_LANG) {
  const row = await db
    .prepare("SELECT name, surname, phone, birthdate, address, lang FROM profiles WHERE uid = ?")
    .bind(uid)
    .first();
  const parsed = v.safeParse(ProfileRow, row);
  return parsed.success ? parsed.output : emptyProfile(fallbackLang);
}

/** Each request's profile read, by its `AppContext` (one per request), for its loaders to share. */
const requestProfiles = new WeakMap<object, { uid: string; profile: Promise<MemberProfile> }>();

/**
 * The member's profile for a request's loaders, read from D1 once however many of them show it
 * (the header's initial and the screen itself: otherwise two reads of one row on every member
 * page, docs/capacity.md). Actions run before loaders and save through `saveProfile`, so the
 * first loader's read already sees what an action saved.
 */
export function requestProfile(app: { env: Pick<Env, "DB">; lang: Lang }, uid: string): Promise<MemberProfile> {
  const known = requestProfiles.get(app);
  if (known?.uid === uid) return known.profile;
  const profile = readProfile(app.env.DB, uid, app.lang);
  requestProfiles.set(app, { uid, profile });
  return profile;
}

/** Saves a (partial) profile: creates the row on the first save, keeps the email from the verified token. */
export async function saveProfile(db: D1Database, user: SessionUser, patch: ProfilePatch, fallbackLang: Lang) {
  const merged = { ...(await readProfile(db, user.uid, fallbackLang)), ...patch };
  await db
    .prepare(
      `INSERT INTO profiles (uid, email, name, surname, phone, birthdate, address, lang)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (uid) DO UPDATE SET email = ?2, name = ?3, surname = ?4, phone = ?5, birthdate = ?6,
         address = ?7, lang = ?8, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(
      user.uid,
      user.email ?? "",
      merged.name,
      merged.surname,
      merged.phone,
      merged.birthdate,
      merged.address,
      merged.lang,
    )
    .run();
  return merged;
}

/**
 * Tickets bought with the member's email, which must be verified: an unverified address
 * proves nothing, so it matches no tickets at all.
 */
export async function readTickets(db: D1Database, user: SessionUser, period: TicketPeriod, now = new Date()) {
  if (!user.emailVerified || !user.email) return [];
  const query =
    period === "future"
      ? "SELECT * FROM tickets WHERE email = ? AND event_starts_at >= ? ORDER BY event_starts_at ASC"
      : "SELECT * FROM tickets WHERE email = ? AND event_starts_at < ? ORDER BY event_starts_at DESC";
  const { results } = await db.prepare(query).bind(user.email.toLowerCase(), now.toISOString()).all();
  return results.flatMap(ticketOfRow);
}

/**
 * A ticket's id as its page's address spells it. The site's paths are lower case (the edge
 * redirects any other spelling), while platforms issue ids such as "TM-1001": the address carries
 * the id with its ASCII letters lowered, which is also what SQLite's `lower()` does.
 */
export const ticketKey = (id: string) => id.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * One of the member's tickets by its page's key (`ticketKey`), or null when it is not theirs (or
 * not there). Two of one member's ids that differ only in case would share a page: the first wins.
 */
export async function readTicket(db: D1Database, user: SessionUser, key: string): Promise<MemberTicket | null> {
  if (!user.emailVerified || !user.email) return null;
  const row = await db
    .prepare("SELECT * FROM tickets WHERE email = ? AND lower(id) = ? ORDER BY id LIMIT 1")
    .bind(user.email.toLowerCase(), ticketKey(key))
    .first();
  return ticketOfRow(row)[0] ?? null;
}

function ticketOfRow(row: unknown): MemberTicket[] {
  const parsed = v.safeParse(TicketRow, row);
  if (!parsed.success) return [];
  const t = parsed.output;
  return [
    {
      id: t.id,
      eventSlug: t.event_slug,
      eventName: t.event_name,
      eventStartsAt: t.event_starts_at,
      purchasedAt: t.purchased_at,
      priceCents: t.price_cents,
      currency: t.currency,
      seat: t.seat,
      section: t.section,
      entrance: t.entrance,
      code: t.code,
    },
  ];
}

/**
 * Removes everything D1 holds about the member: the profile, and the tickets of their verified
 * email (an unverified address is not proven theirs, so its tickets are left alone).
 */
export async function deleteMemberData(db: D1Database, user: SessionUser) {
  const statements = [db.prepare("DELETE FROM profiles WHERE uid = ?").bind(user.uid)];
  if (user.emailVerified && user.email)
    statements.push(db.prepare("DELETE FROM tickets WHERE email = ?").bind(user.email.toLowerCase()));
  await db.batch(statements);
}
