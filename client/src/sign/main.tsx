import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { SignPage } from './SignPage';

/** The public signing page: its own small root, no shell, no session, no socket. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignPage token={decodeURIComponent(window.location.pathname.replace(/^\/sign\//, '').replace(/\/$/, ''))} />
  </StrictMode>,
);
