// Runs before React: applies the saved theme so the first paint already has the right colours.
(function () {
  var theme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'light') theme = 'light';
  } catch {
    // Storage can be blocked (privacy mode); dark stays the default.
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
