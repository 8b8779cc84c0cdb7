/** A certificate's file name, naming the writer in plain letters: "inkwell-certificate-mia-r.pdf". */
export function certificateFileName(writer: string) {
  const slug = writer
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `inkwell-certificate${slug ? `-${slug}` : ""}.pdf`;
}
