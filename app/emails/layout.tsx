// One package per part: the "components" bundle also loads a syntax highlighter and a CSS
// compiler the e-mails never use, about 0.5 s of CPU at every server start (ADR 0040 addendum).
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";

/** Shared frame for every Inkwell e-mail (HTML and plain-text parts come from the same tree). */
export function EmailLayout({
  preview,
  heading,
  children,
}: {
  preview: string;
  heading: string;
  children: React.ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f4f6fb", fontFamily: "Georgia, serif", color: "#18203f" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", maxWidth: "560px" }}>
          <Text style={{ fontSize: "20px", fontWeight: "bold", color: "#34468f" }}>Inkwell</Text>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            {heading}
          </Heading>
          <Section>{children}</Section>
          <Text style={{ fontSize: "12px", color: "#5b6478" }}>
            Inkwell runs writing contests for young authors. You received this e-mail because of an
            action on your account.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
