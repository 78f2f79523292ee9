// Table keys of Red Ten positions: both hands and the play to beat, mixed (splitmix64's finalizer), with a salt
// per search so that the exact solver's entries and the heuristic's never meet.

@inline
function mix(x: u64): u64 {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

@inline
export function keyOf(me: u64, other: u64, last: i32, salt: u64): u64 {
  return mix(me ^ mix(other ^ mix((<u64>(last + 2) << 1) ^ salt)));
}

export const EXACT_SALT: u64 = 0x1234567;
export const HEURISTIC_SALT: u64 = 0x7654321;
