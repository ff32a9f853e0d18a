import { beforeAll, describe, expect, it } from 'vitest';
import { blogPostingLd, rssXml } from '../../src/lib/blog-seo';

const organization = { name: 'Pilota', url: 'https://pilota.example/', logo: 'https://pilota.example/favicon.svg' };

describe('blogPostingLd', () => {
  const base = {
    url: 'https://pilota.example/blog/reajuste',
    title: 'Reajuste do aluguel',
    description: 'Como aplicar o IGP-M.',
    publishedAt: new Date('2026-03-10T12:00:00Z'),
    updatedAt: new Date('2026-03-12T08:00:00Z'),
    images: ['https://pilota.example/blog/imagens/abc-1440.webp'],
    tags: ['Reajuste', 'IGP-M'],
    readingMinutes: 4,
    wordCount: 780,
    organization,
  };

  it('describes the post with dates, image, keywords and the company as author and publisher', () => {
    const ld = blogPostingLd(base);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      mainEntityOfPage: { '@type': 'WebPage', '@id': base.url },
      headline: 'Reajuste do aluguel',
      description: 'Como aplicar o IGP-M.',
      datePublished: '2026-03-10T12:00:00.000Z',
      dateModified: '2026-03-12T08:00:00.000Z',
      image: ['https://pilota.example/blog/imagens/abc-1440.webp'],
      keywords: 'Reajuste, IGP-M',
      inLanguage: 'pt-BR',
      wordCount: 780,
      timeRequired: 'PT4M',
      author: { '@type': 'Organization', name: 'Pilota', '@id': 'https://pilota.example/#organizacao' },
      publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject', url: organization.logo } },
    });
  });

  it('leaves out image and keywords a post does not have, and shortens long headlines to 110 characters', () => {
    const ld = blogPostingLd({ ...base, images: [], tags: [], title: 'x'.repeat(150) });
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('keywords');
    expect(String(ld['headline'])).toHaveLength(110);
  });
});

describe('rssXml', () => {
  let feed = '';
  beforeAll(async () => {
    feed = await rssXml({
      title: 'Blog da Pilota',
      description: 'Dicas & guias <de> gestão',
      siteUrl: 'https://pilota.example/blog',
      feedUrl: 'https://pilota.example/blog/rss.xml',
      language: 'pt-BR',
      lastBuildDate: new Date('2026-03-12T08:00:00Z'),
      items: [
        {
          title: 'IGP-M & IPCA: <qual>?',
          url: 'https://pilota.example/blog/igpm',
          description: 'Resumo "entre aspas"',
          publishedAt: new Date('2026-03-10T12:00:00Z'),
          categories: ['Reajuste'],
        },
        {
          title: 'Sino\u0007 no título',
          url: 'https://pilota.example/blog/sino',
          description: 'Controle\u0000 fora',
          publishedAt: new Date('2026-03-09T12:00:00Z'),
          categories: [],
        },
      ],
    });
  });

  it('is an RSS 2.0 channel with a self link and RFC 822 dates', () => {
    expect(feed).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\s*<rss version="2.0" xmlns:atom="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(feed).toContain(
      '<atom:link href="https://pilota.example/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(feed).toContain('<lastBuildDate>Thu, 12 Mar 2026 08:00:00 GMT</lastBuildDate>');
    expect(feed).toContain('<pubDate>Tue, 10 Mar 2026 12:00:00 GMT</pubDate>');
    expect(feed).toContain('<guid isPermaLink="true">https://pilota.example/blog/igpm</guid>');
    expect(feed).toContain('<category>Reajuste</category>');
  });

  it('escapes text', () => {
    expect(feed).toContain('<title>IGP-M &amp; IPCA: &lt;qual&gt;?</title>');
    expect(feed).toContain('<description>Dicas &amp; guias &lt;de&gt; gestão</description>');
    expect(feed).toContain('<description>Resumo &quot;entre aspas&quot;</description>');
  });

  it('drops characters XML 1.0 cannot carry', () => {
    expect(feed).toContain('<title>Sino no título</title>');
    expect(feed).toContain('<description>Controle fora</description>');
  });

  it('links the channel to the blog without a trailing slash', () => {
    expect(feed).toContain('<link>https://pilota.example/blog</link>');
  });
});
