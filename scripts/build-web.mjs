// After `vite build`: the steps that turn dist/web into what production serves (owned by the first-paint work of
// issue 16). Nothing yet.
