/** The result model of the suite and its Markdown rendering. */

/** Unit of a table's figures. Times are per call. */
export type Unit = 'ns' | 'µs' | 'ms' | 's' | 'req/s' | 'MB';

/** Role of a row: ratios are taken to the floor row and to the pagelope row of the same table. */
export type Role = 'pagelope' | 'peer' | 'floor';

/** One implementation's figures in a table, in the table's unit. */
export interface Row {
  readonly name: string;
  readonly role: Role;
  readonly median: number;
  /** Interquartile range of the samples, when there are several. */
  readonly p25?: number;
  readonly p75?: number;
  readonly samples: number;
  /**
   * What the row belongs to (W3: its framework). A row's "÷ floor" is taken to the floor row of its own group; a row
   * without one, or whose group has no floor, is taken to the table's first floor.
   */
  readonly group?: string;
  /** Values of the table's extra columns. */
  readonly extra?: Readonly<Record<string, string>>;
}

/** One Markdown table. */
export interface Table {
  readonly id: string;
  readonly workload: 'W1' | 'W2' | 'W3' | 'W4' | 'Memory' | 'Relations';
  readonly title: string;
  readonly unit: Unit;
  /** What the median is of (e.g. "time per call", "requests per second"). */
  readonly measure: string;
  readonly higherIsBetter: boolean;
  readonly rows: readonly Row[];
  readonly extraColumns?: readonly string[];
  readonly notes?: readonly string[];
  /** What the spread columns hold (default: the interquartile range, p25–p75). */
  readonly spread?: 'p25–p75' | 'min–max';
  /**
   * Show the "vs pagelope" column (default: when the table has one pagelope row and others). When set with several
   * pagelope rows, the column compares with the first one.
   */
  readonly vsPagelope?: boolean;
}

/** One target of the issue, checked against this run's figures. */
export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  /** `undefined` when the workload did not run. */
  readonly met: boolean | undefined;
  readonly note?: string;
}

/** Formats a number with three significant digits (thousands grouped). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1000) return Math.round(value).toLocaleString('en-US');
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  if (abs === 0) return '0';
  return value.toPrecision(3);
}

/** Formats a ratio such as `1.27×` or `1,530×`. */
export function formatRatio(value: number): string {
  return Number.isFinite(value) ? `${formatNumber(value)}×` : '—';
}

/** Converts ms to the given time unit. */
export function fromMs(ms: number, unit: Unit): number {
  switch (unit) {
    case 'ns':
      return ms * 1e6;
    case 'µs':
      return ms * 1e3;
    case 's':
      return ms / 1e3;
    default:
      return ms;
  }
}

/** The floor row of a table, if any: the one of `row`'s group when there is one, else the table's first. */
export function floorOf(table: Table, row?: Row): Row | undefined {
  const floors = table.rows.filter((each) => each.role === 'floor');
  return floors.find((floor) => row?.group !== undefined && floor.group === row.group) ?? floors[0];
}
/** The pagelope row of a table (the first one), if any. */
export const pagelopeOf = (table: Table): Row | undefined => table.rows.find((row) => row.role === 'pagelope');

/** `row ÷ floor` (the floor of the row's group), in the table's own terms (time ratio, or req/s ratio). */
export function ratioToFloor(table: Table, row: Row): number {
  const floor = floorOf(table, row);
  return floor ? row.median / floor.median : Number.NaN;
}

/** How many times better pagelope is than `row` (above 1: pagelope is faster / serves more). */
export function pagelopeAdvantage(table: Table, row: Row): number {
  const pagelope = pagelopeOf(table);
  if (!pagelope) return Number.NaN;
  return table.higherIsBetter ? pagelope.median / row.median : row.median / pagelope.median;
}

/** Renders one table as Markdown. */
export function renderTable(table: Table): string {
  const extra = table.extraColumns ?? [];
  const hasFloor = floorOf(table) !== undefined;
  const floors = table.rows.filter((row) => row.role === 'floor').length;
  const pagelopes = table.rows.filter((row) => row.role === 'pagelope').length;
  const hasPagelope = table.vsPagelope ?? (pagelopes === 1 && table.rows.length > 1);
  const pagelopeName = pagelopes > 1 ? `the first pagelope row's (${pagelopeOf(table)?.name ?? ''})` : "pagelope's";
  const header = [
    'implementation',
    `median (${table.unit})`,
    `spread ${table.spread ?? 'p25–p75'}`,
    'n',
    ...(hasFloor ? ['÷ floor'] : []),
    ...(hasPagelope ? ['vs pagelope'] : []),
    ...extra,
  ];
  const align = header.map((_, i) => (i === 0 || i >= header.length - extra.length ? '---' : '---:'));
  const lines = [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const row of table.rows) {
    const spread =
      row.p25 !== undefined && row.p75 !== undefined && row.samples > 1
        ? `${formatNumber(row.p25)}–${formatNumber(row.p75)}`
        : '—';
    const name = row.role === 'pagelope' ? `**${row.name}**` : row.role === 'floor' ? `${row.name} (floor)` : row.name;
    const cells = [
      name,
      formatNumber(row.median),
      spread,
      String(row.samples),
      ...(hasFloor ? [formatRatio(ratioToFloor(table, row))] : []),
      ...(hasPagelope ? [formatRatio(pagelopeAdvantage(table, row))] : []),
      ...extra.map((column) => row.extra?.[column] ?? ''),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const notes = [
    `Median of ${table.measure}; spread is ${table.spread === 'min–max' ? 'the lowest and highest sample' : 'the interquartile range of the samples'}; n = samples.`,
    ...(hasFloor
      ? [
          floors > 1
            ? "÷ floor: this row's median ÷ the median of its own group's floor (the table's first floor for rows without one)."
            : "÷ floor: this row's median ÷ the floor's median.",
        ]
      : []),
    ...(hasPagelope
      ? [
          table.higherIsBetter
            ? `vs pagelope: ${pagelopeName} median ÷ this row's (above 1: pagelope serves more).`
            : `vs pagelope: this row's median ÷ ${pagelopeName} (above 1: pagelope is faster).`,
        ]
      : []),
    ...(table.notes ?? []),
  ];
  return `#### ${table.title}\n\n${lines.join('\n')}\n\n${notes.map((note) => `- ${note}`).join('\n')}\n`;
}

/** Renders the target checks as a Markdown table. */
export function renderTargets(checks: readonly TargetCheck[]): string {
  const lines = ['| target | measured | status |', '| --- | --- | --- |'];
  for (const check of checks) {
    const status = check.met === undefined ? 'not run' : check.met ? 'met' : '**missed**';
    lines.push(`| ${check.target} | ${check.measured}${check.note ? ` (${check.note})` : ''} | ${status} |`);
  }
  return `${lines.join('\n')}\n`;
}
