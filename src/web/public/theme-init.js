(function () {
  try {
    var theme = localStorage.getItem('theme') || 'light';
    var dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage blocked: the stylesheet's light theme applies.
  }
})();
