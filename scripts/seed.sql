-- Demo data for `npm start` and the e2e server (applied by scripts/serve.mjs after the migrations).
-- Idempotent, and dates are relative to now, so re-running keeps "future" tickets in the future.
-- The demo member's Firebase account (same uid and email) is created in the Auth emulator by
-- scripts/serve.mjs; credentials are in the README: demo@arena.test / arena-demo-2026.

INSERT INTO profiles (uid, email, name, surname, phone, birthdate, address, lang)
VALUES ('demo-member', 'demo@arena.test', 'Lucía', 'Martínez Soler', '+34 600 123 456', '1992-04-18',
        'Carrer de la Pau 12, 46002 València', 'es')
ON CONFLICT (uid) DO UPDATE SET email = excluded.email, name = excluded.name, surname = excluded.surname,
  phone = excluded.phone, birthdate = excluded.birthdate, address = excluded.address, lang = excluded.lang;

-- The tickets are for embedded events (content/stories/*/events/), on the events' own dates: those
-- stories are written against the anchor day of content/events-anchor.json and moved by whole
-- weeks so the anchor falls in the last seven days (app/lib/events/date-shift.ts); `shift` moves
-- the tickets the same way (by UTC days, so it may lag a day around midnight). Times are UTC
-- (the venue's winter time minus one hour). A test checks every event exists in every language.
WITH shift AS (SELECT CAST((julianday('now') - julianday('2026-11-22')) / 7 AS INTEGER) * 7 AS days)
-- Each ticket carries the gate code its (imagined) ticketing platform issued, and the entrance
-- printed on it; the second one also a section apart from its seat, as some platforms send them.
INSERT INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents, currency, seat,
                     section, entrance, code)
SELECT id, 'demo@arena.test', slug, name,
       strftime('%Y-%m-%dT%H:%M:00.000Z', starts, '+' || shift.days || ' days'),
       strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', bought), price, 'EUR', seat, section, entrance, code
FROM shift, (
  SELECT 'DEMO-1001' AS id, 'marea-alta-gira-mediterrania' AS slug, 'Marea Alta: Gira Mediterrània' AS name,
         '2026-12-04 20:00' AS starts, '-20 days' AS bought, 4550 AS price, 'Pista B, fila 4, asiento 12' AS seat,
         '' AS section, 'Puerta 3' AS entrance, 'ARV1-1001-7F3K9Q2D' AS code
  UNION ALL SELECT 'DEMO-1002', 'taronja-vs-madrid-capital', 'Valencia Taronja – Madrid Capital',
         '2026-12-06 17:00', '-3 days', 6800, 'Fila 10, asiento 3', 'Grada norte', 'Puerta 1', 'ARV1-1002-M4XC8T1P'
  UNION ALL SELECT 'DEMO-0901', 'coro-gospel-de-valencia', 'Coro Gospel de Valencia',
         '2026-11-14 19:00', '-90 days', 3200, 'Platea, fila 2, asiento 8', '', 'Puerta 2', 'ARV1-0901-H2RW5N7B'
  UNION ALL SELECT 'DEMO-0801', 'impro-show-valencia', 'Impro Show Valencia',
         '2026-11-07 18:00', '-60 days', 2500, 'Anfiteatro, fila 6, asiento 21', '', 'Puerta 2', 'ARV1-0801-Q9LD3K6S'
)
WHERE true
ON CONFLICT (id) DO UPDATE SET email = excluded.email, event_slug = excluded.event_slug,
  event_name = excluded.event_name, event_starts_at = excluded.event_starts_at,
  purchased_at = excluded.purchased_at, price_cents = excluded.price_cents, currency = excluded.currency,
  seat = excluded.seat, section = excluded.section, entrance = excluded.entrance, code = excluded.code;
