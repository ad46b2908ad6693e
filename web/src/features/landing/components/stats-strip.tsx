const stats = [
  { value: '50,000+', label: 'freelancers and contractors' },
  { value: '40+', label: 'countries served' },
  { value: '30-day', label: 'free trial on Professional' },
];

export function StatsStrip() {
  return (
    <section aria-label="Meridian in numbers" className="border-y bg-card">
      <dl className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col items-center gap-1 text-center">
            <dt className="order-2 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="order-1 text-3xl font-semibold tracking-tight">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
