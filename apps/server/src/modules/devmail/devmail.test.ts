import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { PUBLIC_URL, register, uniqueEmail } from '../../../test/harness.js';
import { decodeEntities } from '../../../test/html.js';

const t = useTestApp();

describe('dev mailbox', () => {
  it('shows each mail with its links to the app as anchors, and the text escaped', async () => {
    const email = uniqueEmail('postfach');
    await register(t.app, email, undefined, `<b>"Mo'"</b>`);
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const article = res.body.split('<article>').find((a) => decodeEntities(a).includes(email)) ?? '';
    expect(decodeEntities(article)).toContain('<strong>Bitte bestätige deine E-Mail-Adresse</strong>');
    expect(article).toContain('Hallo &#60;b&#62;&#34;Mo&#39;&#34;&#60;/b&#62;,');
    expect(article).not.toContain('<b>');
    const links = [...article.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map(([, href, text]) => [decodeEntities(href), decodeEntities(text)]);
    expect(links).toHaveLength(1);
    expect(links[0]?.[0]).toMatch(new RegExp(`^${PUBLIC_URL}/verify\\?token=[\\w-]+$`));
    expect(links[0]?.[1]).toBe(links[0]?.[0]);
  });
});
