/**
 * A load ratio as `N×`: one decimal (`1.1×`), but two significant digits below 0.1 (`0.029×`), so a server that takes
 * a few percent of its peers' load does not read as taking none; `<0.001×` below a thousandth, `0.0×` only for no load
 * at all.
 */
export function timesText(x: number): string {
  if (x > 0 && x < 0.001) return '<0.001×';
  return `${x > 0 && x < 0.095 ? x.toPrecision(2) : x.toFixed(1)}×`;
}
