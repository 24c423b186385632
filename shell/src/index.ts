// The global stylesheet in the entry, so it is a <link> in index.html's head: a server-rendered first
// content (and its sq-first-paint frame) is styled before any script has run. On such a page this script
// itself only runs after the first paint (start-app.cjs).
import '@sq/ui/global.css';

// Async boundary: shared singletons (react, react-dom, ...) are negotiated by Module Federation before
// any application code runs.
void import('./app/bootstrap');
