// Leaflet in the server's render (vite.config.ts aliases it here for the SSR build only): Leaflet reads `window` as
// it loads, yet the service page's map renders just its container and draws in an effect, which never runs on the
// server. So the server renders the same container the browser hydrates.
export default {};
