// Registers the service worker (static/sw.js) once the page has loaded, so its copy of the
// shell comes from the HTTP cache rather than competing with the page's own first load.

export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () => navigator.serviceWorker.register("/sw.js").catch(() => {
    // No worker (a private window, an old browser): the page works the same, online.
  });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
