// index.html holds the default view, prerendered at build time (see
// wasm/prerender). This classic script runs before the body is parsed,
// so before the first paint: on a link to another view it marks the page
// (class "pending" on <html>) until Go has drawn that view (wasm/page.go
// removes the mark; style.css greys the prerendered board meanwhile).
// Its data-default-query is the default view's query, written by the
// prerender; a module script would run too late (after a first paint).
{
  const defaultQuery = document.currentScript.dataset.defaultQuery;
  if (location.search.length > 1 && location.search !== defaultQuery) document.documentElement.classList.add('pending');
}
