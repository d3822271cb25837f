// The seats this browser holds: each room's token (to take the seat back) and its settings.
export const seats = () => JSON.parse(localStorage.getItem("koza.seats") || "{}");

export function keepSeat(code, token, seat, settings) {
  const all = seats();
  all[code] = { token, seat, settings: settings || all[code]?.settings || null };
  localStorage.setItem("koza.seats", JSON.stringify(all));
}

export function forgetSeat(code) {
  const all = seats();
  delete all[code];
  localStorage.setItem("koza.seats", JSON.stringify(all));
}
