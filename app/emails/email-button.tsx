import { Button } from "@react-email/button";

/** The call-to-action button of every Inkwell e-mail (brand colour, same padding everywhere). */
export function EmailButton({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: "#34468f",
        color: "#ffffff",
        padding: "10px 16px",
        borderRadius: "6px",
      }}
    >
      {children}
    </Button>
  );
}
