-- The bytes of the document library's files, beside the log: a ResourceUploaded event names its
-- content by SHA-256, and the content is written in the same transaction. Equal files are kept
-- once. Parts of at most 1 MiB, so a download streams part by part and no query carries a whole
-- file. Not a read model: a rebuild never drops it, and backups of the database hold it.
CREATE TABLE resource_contents (
  sha256 text    NOT NULL,
  part   integer NOT NULL CHECK (part >= 0),
  bytes  bytea   NOT NULL,
  PRIMARY KEY (sha256, part)
);
-- Already compressed formats (PDF, images, docx) gain nothing from another try.
ALTER TABLE resource_contents ALTER COLUMN bytes SET STORAGE EXTERNAL;
