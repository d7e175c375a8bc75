// Runs before React: applies the member's theme so the first paint already has the right colours:
// the saved choice, else the system's setting (light or dark), else dark.
(function () {
  var theme = 'dark';
  try {
    var saved = window.localStorage.getItem('theme');
    if (saved === 'light' || saved === 'dark') theme = saved;
    else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches) theme = 'light';
  } catch {
    // Storage can be blocked (privacy mode): the system's setting still applies.
    if (window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches) theme = 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
