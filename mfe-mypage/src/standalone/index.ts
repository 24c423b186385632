// Async boundary, as in the shell: shared singletons are negotiated before any code runs.
void import('./bootstrap');
