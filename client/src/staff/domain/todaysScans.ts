// The post room's list of the codes marked received today on this computer: kept in the
// browser for the day only (the claims' timelines are the record).
export interface Scan {
  claimHashid: string;
  ticketCode: string;
  at: string;
}

const KEY = 'staff.todaysScans';

const today = (now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);

export function todaysScans(storage: Storage, now = new Date()): Scan[] {
  try {
    const stored = JSON.parse(storage.getItem(KEY) ?? 'null') as {
      day: string;
      scans: Scan[];
    } | null;
    return stored && stored.day === today(now) && Array.isArray(stored.scans) ? stored.scans : [];
  } catch {
    return [];
  }
}

export function addScan(storage: Storage, scan: Scan, now = new Date()): Scan[] {
  const scans = [scan, ...todaysScans(storage, now)];
  storage.setItem(KEY, JSON.stringify({ day: today(now), scans }));
  return scans;
}
