export default function HomePage() {
  return (
    <main>
      <h1>ScrapeDeck</h1>
    </main>
  );
}
