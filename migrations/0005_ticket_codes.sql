-- The ticket at the gate: the code the ticketing platform issued (what the gate scanners read,
-- drawn as a QR code on the member's ticket page) and, when the platform sends them, the section
-- and the entrance printed on the ticket. Tickets imported before this have no code ('').
ALTER TABLE tickets ADD COLUMN code TEXT NOT NULL DEFAULT '';
ALTER TABLE tickets ADD COLUMN section TEXT NOT NULL DEFAULT '';
ALTER TABLE tickets ADD COLUMN entrance TEXT NOT NULL DEFAULT '';
