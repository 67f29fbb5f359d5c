// REQ-SHELL-01: Good morning before 12:00, Good afternoon from 12:00 to 16:00, otherwise Good evening.
export function greetingFor(date: Date): "Good morning" | "Good afternoon" | "Good evening" {
  const minutes = date.getHours() * 60 + date.getMinutes();
  if (minutes < 12 * 60) return "Good morning";
  if (minutes <= 16 * 60) return "Good afternoon";
  return "Good evening";
}

export function greetingText(date: Date, firstName: string): string {
  const name = firstName.trim();
  return name ? `${greetingFor(date)}, ${name}` : greetingFor(date);
}
