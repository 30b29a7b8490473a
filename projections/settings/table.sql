-- The system settings: one row, absent until an administrator first changes them. crm_api_key
-- holds the key's ciphertext (AES-256-GCM), never the key.
CREATE TABLE system_settings (
  id               uuid PRIMARY KEY,
  crm_api_key      text,
  company_holidays integer     NOT NULL,
  vacation_days    integer     NOT NULL,
  version          integer     NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
