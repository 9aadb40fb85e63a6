import site from '../../../../content/site.json';

export function Footer() {
  return (
    <footer className="bg-slate-900 px-4 py-10 text-slate-200">
      <p className="mx-auto max-w-7xl">
        © {site.copyrightYear} {site.name}
      </p>
    </footer>
  );
}
