-- A prompt of a later judging round, never shown to entrants (ADR 0045).
ALTER TABLE "Prompt" ADD COLUMN "round" INTEGER;
