// SCAFFOLD: replaced by the page's real implementation before commit.
export default function Page() {
  return null;
}
