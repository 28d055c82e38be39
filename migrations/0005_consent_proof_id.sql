-- Consent proofs now reach D1 through a queue (worker/queue/consent-proofs.ts), which delivers at
-- least once: each proof carries a random id made when the visitor decided, and a redelivered
-- message finds its row already there instead of writing it twice.
ALTER TABLE consent_records ADD COLUMN proof_id TEXT;
CREATE UNIQUE INDEX consent_records_by_proof_id ON consent_records (proof_id);
