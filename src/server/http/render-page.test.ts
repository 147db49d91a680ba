import { describe, expect, it } from 'vitest';
import { fillTemplate, type RenderedPage } from './render-page';

const TEMPLATE =
  '<html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

const page = (preload: string[]): RenderedPage => ({
  status: 200,
  head: {
    title: 'Discover Services · SkillNest',
    description: 'Find help',
    url: 'http://localhost/d',
    type: 'website',
  },
  html: '<main>cards</main>',
  state: '{}',
  preload,
});

describe('a rendered page names its own scripts', () => {
  it('as low-priority module preloads in the head', () => {
    const html = fillTemplate(TEMPLATE, page(['/assets/discover-services-page-abc.js', '/assets/service-card-def.js']));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/discover-services-page-abc.js" />',
    );
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/service-card-def.js" />',
    );
  });

  it('and nothing outside the build’s assets, whatever the list holds', () => {
    const html = fillTemplate(TEMPLATE, page(['https://evil.example/x.js', '//evil.example/y.js', '/api/x']));
    expect(html).not.toContain('modulepreload');
  });

  it('with its address escaped', () => {
    const html = fillTemplate(TEMPLATE, page(['/assets/a"><script>alert(1)</script>.js']));
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('href="/assets/a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.js"');
  });
});
