import { useEffect, useState } from 'react';
import { PRODUCT_NAME, PRODUCT_SUBTITLE } from '../../shared/constants';
import type { PublicConfig } from '../../shared/schemas/auth';

/** Placeholder until the web client lands: shows that the API answers and whether demo mode is on. */
export function App() {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch('/api/config')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then(setConfig, () => setFailed(true));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '15vh auto', padding: 24 }}>
      <h1 style={{ marginBottom: 4 }}>{PRODUCT_NAME}</h1>
      <p style={{ color: '#555', marginTop: 0 }}>{PRODUCT_SUBTITLE}</p>
      <p>The web client is on its way. The API is served under /api.</p>
      {failed && <p role="alert">The API is not answering.</p>}
      {config?.demo_mode && (
        <p>
          Demo account: <code>{config.demo_email}</code> / <code>{config.demo_password}</code>
        </p>
      )}
    </main>
  );
}
