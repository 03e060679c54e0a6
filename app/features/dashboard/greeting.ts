/**
 * The dashboard's heading (ADR 115): "Welcome" the first time a member opens it, "Welcome back"
 * after. A brand-new member has not been here before, so "back" would be untrue.
 */
export function dashboardGreeting(firstName: string, firstVisit: boolean): string {
  const name = firstName.trim();
  if (firstVisit) return name ? `Welcome, ${name}` : 'Welcome to Privy';
  return name ? `Welcome back, ${name}` : 'Welcome back';
}
