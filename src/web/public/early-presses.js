// A rendered page's buttons do nothing until the app has taken it over (its code is still on its way): a press
// meanwhile, from the first paint on (a visitor tapping Request on a slow network), is held here and pressed again by
// main.tsx once the app is alive. Links and form fields work without the app and are left alone.
(function () {
  var held = [];
  function hold(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    // Pressed twice before the app runs, a double tap would send twice (nothing is disabled yet): once is kept.
    if (held.indexOf(button) === -1) held.push(button);
  }
  function stop() {
    document.removeEventListener('click', hold, true);
  }
  document.addEventListener('click', hold, true);
  var presses = { held: held, stop: stop, started: false };
  window.earlyPresses = presses;
  // The app's code never ran (it failed to load, or this browser cannot run it): presses are no longer held, so the
  // page's own forms still work rather than every button doing nothing for good.
  window.addEventListener('load', function () {
    setTimeout(function () {
      if (!presses.started) stop();
    }, 15000);
  });
})();
