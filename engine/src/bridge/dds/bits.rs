//! Parallel bit extract and deposit on one suit's 16-bit rank mask, by
//! byte-wide tables (the BMI2 instructions are not in the baseline x86-64
//! target): relative ranks are a suit's cards "compressed" over the live
//! cards.

/// Byte-wide tables for every (mask, value) pair: with `deposit` false,
/// the bits of the value selected by the mask packed towards bit 0
/// ("compress"); with `deposit` true the inverse, the value's low bits
/// spread over the mask's set bits.
const fn byte_table(deposit: bool) -> [[u8; 256]; 256] {
    let mut table = [[0u8; 256]; 256];
    let mut m = 0;
    while m < 256 {
        let mut x = 0;
        while x < 256 {
            let (mut out, mut k, mut bit) = (0u8, 0, 0);
            while bit < 8 {
                if m & (1 << bit) != 0 {
                    let (from, to) = if deposit { (k, bit) } else { (bit, k) };
                    if x & (1 << from) != 0 {
                        out |= 1 << to;
                    }
                    k += 1;
                }
                bit += 1;
            }
            table[m][x] = out;
            x += 1;
        }
        m += 1;
    }
    table
}

/// `COMPRESS[m][x]`: the bits of `x` selected by the mask `m`, packed
/// towards bit 0.
static COMPRESS: [[u8; 256]; 256] = byte_table(false);

/// `DEPOSIT[m][x]`: the low bits of `x` spread over the set bits of `m`.
static DEPOSIT: [[u8; 256]; 256] = byte_table(true);

/// The bits of `x` at the positions of `mask`, packed towards bit 0.
#[inline]
pub(crate) fn compress(x: u16, mask: u16) -> u32 {
    let (lo, hi) = (mask as u8, (mask >> 8) as u8);
    let low = u32::from(COMPRESS[lo as usize][usize::from(x as u8)]);
    let high = u32::from(COMPRESS[hi as usize][usize::from((x >> 8) as u8)]);
    low | high << lo.count_ones()
}

/// The low bits of `x` placed, in order, at the set bits of `mask`.
#[inline]
pub(crate) fn deposit(x: u32, mask: u16) -> u16 {
    let (lo, hi) = (mask as u8, (mask >> 8) as u8);
    let low = DEPOSIT[lo as usize][(x & 0xff) as usize];
    let high = DEPOSIT[hi as usize][((x >> lo.count_ones()) & 0xff) as usize];
    u16::from(low) | u16::from(high) << 8
}

/// Bit `i` of `x` (below 16) moved to bit `2 i`.
#[inline]
pub(crate) fn spread(x: u32) -> u32 {
    let mut x = x & 0xffff;
    x = (x | x << 8) & 0x00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compress_slow(x: u16, mask: u16) -> u32 {
        let mut out = 0;
        let mut k = 0;
        for bit in 0..16 {
            if mask >> bit & 1 != 0 {
                out |= u32::from(x >> bit & 1) << k;
                k += 1;
            }
        }
        out
    }

    #[test]
    fn compress_and_deposit_match_bit_by_bit_twins() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (x, mask) = (seed as u16, (seed >> 16) as u16);
            let packed = compress(x, mask);
            assert_eq!(packed, compress_slow(x, mask));
            assert_eq!(deposit(packed, mask), x & mask);
            let s = spread(u32::from(x));
            for bit in 0..16 {
                assert_eq!(s >> (2 * bit) & 3, u32::from(x >> bit & 1));
            }
        }
    }
}
