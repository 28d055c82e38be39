-- Demo data for `npm start` and the e2e server (applied by scripts/serve.mjs after the migrations).
-- Idempotent, and dates are relative to now, so re-running keeps "future" tickets in the future.
-- The demo member's Firebase account (same uid and email) is created in the Auth emulator by
-- scripts/serve.mjs; credentials are in the README: demo@arena.test / arena-demo-2026.

INSERT INTO profiles (uid, email, name, surname, phone, birthdate, address, lang)
VALUES ('demo-member', 'demo@arena.test', 'Lucía', 'Martínez Soler', '+34 600 123 456', '1992-04-18',
        'Carrer de la Pau 12, 46002 València', 'es')
ON CONFLICT (uid) DO UPDATE SET email = excluded.email, name = excluded.name, surname = excluded.surname,
  phone = excluded.phone, birthdate = excluded.birthdate, address = excluded.address, lang = excluded.lang;

INSERT INTO tickets (id, email, event_slug, event_name, event_starts_at, purchased_at, price_cents, currency, seat)
VALUES
  ('DEMO-1001', 'demo@arena.test', 'noche-de-rock', 'Noche de rock',
   strftime('%Y-%m-%dT20:30:00.000Z', 'now', '+12 days'), strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', '-20 days'),
   4550, 'EUR', 'Pista B, fila 4, asiento 12'),
  ('DEMO-1002', 'demo@arena.test', 'final-copa-baloncesto', 'Final de la Copa de baloncesto',
   strftime('%Y-%m-%dT18:00:00.000Z', 'now', '+45 days'), strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', '-3 days'),
   6800, 'EUR', 'Grada norte, fila 10, asiento 3'),
  ('DEMO-0901', 'demo@arena.test', 'gira-sinfonica', 'Gira sinfónica',
   strftime('%Y-%m-%dT19:00:00.000Z', 'now', '-30 days'), strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', '-90 days'),
   3200, 'EUR', 'Platea, fila 2, asiento 8'),
  ('DEMO-0801', 'demo@arena.test', 'festival-de-invierno', 'Festival de invierno',
   strftime('%Y-%m-%dT17:00:00.000Z', 'now', '-200 days'), strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', '-260 days'),
   2500, 'EUR', 'Pista general')
ON CONFLICT (id) DO UPDATE SET email = excluded.email, event_slug = excluded.event_slug,
  event_name = excluded.event_name, event_starts_at = excluded.event_starts_at,
  purchased_at = excluded.purchased_at, price_cents = excluded.price_cents, currency = excluded.currency,
  seat = excluded.seat;
