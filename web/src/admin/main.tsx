// The staff console's entry: its own bundle, served by Go at /admin/...
// (internal/server/admin_page.go), never part of the public pages.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleApp } from './app/console-app';
import './admin.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter basename="/admin">
      <ConsoleApp />
    </BrowserRouter>,
  );
}
