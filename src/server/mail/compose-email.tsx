import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import type { EmailContent } from './email-content';

const SITE_NAME = 'SkillNest';

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' },
  container: { backgroundColor: '#ffffff', margin: '24px auto', padding: '24px', maxWidth: '560px', borderRadius: 8 },
  heading: { fontSize: '20px', color: '#18181b', margin: '0 0 16px' },
  text: { fontSize: '15px', lineHeight: '22px', color: '#27272a' },
  button: {
    backgroundColor: '#4f46e5',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: 6,
    fontSize: '15px',
    textDecoration: 'none',
  },
  footer: { fontSize: '12px', color: '#71717a' },
} as const;

function Email({ content, siteUrl }: { content: EmailContent; siteUrl: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((p, i) => (
            <Text key={i} style={styles.text}>
              {p}
            </Text>
          ))}
          {content.items && content.items.length > 0 && (
            <Section>
              {content.items.map((item, i) => (
                <Text key={i} style={styles.text}>
                  <Link href={item.url}>{item.text}</Link>
                </Text>
              ))}
            </Section>
          )}
          {content.action && (
            <Section style={{ margin: '24px 0' }}>
              <Button href={content.action.url} style={styles.button}>
                {content.action.label}
              </Button>
            </Section>
          )}
          <Hr />
          <Text style={styles.footer}>
            <Link href={siteUrl}>{SITE_NAME}</Link>
            {content.unsubscribe && (
              <>
                {' · '}
                <Link href={content.unsubscribe.url}>{content.unsubscribe.label}</Link>
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part, and a text part written for reading (not a stripped HTML dump): every link spelled out. */
export async function composeEmail(stored: EmailContent, siteUrl: string): Promise<{ html: string; text: string }> {
  const content = withAbsoluteLinks(stored, siteUrl);
  const html = await render(<Email content={content} siteUrl={siteUrl} />);
  const lines = [content.heading, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  for (const item of content.items ?? []) lines.push(`- ${item.text}`, `  ${item.url}`);
  if (content.items?.length) lines.push('');
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  lines.push('--', `${SITE_NAME}: ${siteUrl}`);
  if (content.unsubscribe) lines.push(`${content.unsubscribe.label}: ${content.unsubscribe.url}`);
  return { html, text: lines.join('\n') };
}

/** Stored links are paths on the site (`/reset-password?token=...`): a different PUBLIC_URL later still works. */
export function absoluteUrl(pathOnSite: string, siteUrl: string): string {
  return new URL(pathOnSite, `${siteUrl}/`).toString();
}

function withAbsoluteLinks(content: EmailContent, siteUrl: string): EmailContent {
  const link = <T extends { url: string }>(x: T): T => ({ ...x, url: absoluteUrl(x.url, siteUrl) });
  return {
    ...content,
    action: content.action && link(content.action),
    items: content.items?.map(link),
    unsubscribe: content.unsubscribe && link(content.unsubscribe),
  };
}
