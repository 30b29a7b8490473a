-- Membership agreements as they were drawn: the terms each agreement PDF was rendered from, keyed by
-- the PDF's SHA-256 (its bytes are in resource_contents, like the library's files). The signing
-- page shows the signer these terms beside that very PDF, whatever the deal says later. Beside
-- the log, not a read model: a rebuild never drops it, and while a row names a hash the content
-- store keeps its bytes (dropUnusedContent), whatever happens to library documents of equal bytes.
CREATE TABLE agreement_documents (
  sha256     text        PRIMARY KEY,
  size       integer     NOT NULL CHECK (size > 0),
  terms      jsonb       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
