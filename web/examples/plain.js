// plain.html's listeners (a file, not an inline script, so a strict
// Content-Security-Policy allows it).
document.getElementById('x88').addEventListener('bitview-square', (e) => {
  document.getElementById('index').textContent = `${e.detail.square} = ${e.detail.index}`;
});
document.addEventListener('bitview-error', (e) => console.warn('Bitview:', e.detail.message));
