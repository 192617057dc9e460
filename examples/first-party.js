// examples/first-party.html's own script (its policy allows scripts from this origin only, so
// it is a file, not inline): the SDK pointed at the proxy, with no key.
(function () {
  var SDK = window.GifEmbedSDK;
  SDK.configure({ apiBase: '/fp' });
  /** Page size the grid asks for. */
  var PAGE_SIZE = 12;
  SDK.renderGrid(document.getElementById('grid'), {
    columns: 3,
    fetchGifs: function (offset) { return SDK.trending({ offset: offset, limit: PAGE_SIZE }); },
  });
  SDK.renderPicker(document.getElementById('picker'), {
    onSelect: function (gif) { document.getElementById('picked').textContent = 'Picked: ' + gif.title; },
  });
})();
