/** Opening hours as a description list: the days, then the hours on those days. */
export function OpeningHours({ hours }: { hours: { days: string; hours: string }[] }) {
  return (
    <dl className="opening-hours">
      {hours.map((line) => (
        <div key={`${line.days}|${line.hours}`}>
          <dt>{line.days}</dt>
          <dd>{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
