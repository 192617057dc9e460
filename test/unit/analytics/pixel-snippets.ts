/** Snippets the pixel sanitiser must drop entirely; shared by the unit and Chromium tests. */
export const DROPPED_PIXEL_SNIPPETS = [
  '<script src="https://evil.example/x.js"></script>',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/gif;base64,R0lGOD">',
  '<img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example/"></iframe>',
  '<imgsrc="https://evil.example/">',
  '<img data-src="https://lazy.example/">',
  '<img src="//proto-relative.example/p">',
  'https://just-a-url.example/',
  '<svg><image href="https://evil.example/"/></svg>',
  '',
];
