// Async boundary: shared singletons (react, react-dom, ...) are negotiated by Module Federation before
// any application code runs.
void import('./app/bootstrap');
