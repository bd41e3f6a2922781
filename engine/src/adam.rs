//! Adam (Kingma and Ba), the gradient step of both evaluation tuners
//! (chess's `eval::tune`, gomoku's `tune`): each weight moves by its own
//! running mean of gradients over their running scale, so weights whose
//! features are rare move as readily as common ones.

/// The optimiser's state for `n` weights.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
}

/// Step size in points, and the decay of the two running means.
const RATE: f64 = 1.0;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;

impl Adam {
    pub fn new(n: usize) -> Self {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    /// Moves weight `i` (`w`) against its gradient `g` at iteration `it`,
    /// counted from 1.
    pub fn step(&mut self, i: usize, w: &mut f64, g: f64, it: usize) {
        self.m[i] = BETA1 * self.m[i] + (1.0 - BETA1) * g;
        self.v[i] = BETA2 * self.v[i] + (1.0 - BETA2) * g * g;
        let mh = self.m[i] / (1.0 - BETA1.powi(it as i32));
        let vh = self.v[i] / (1.0 - BETA2.powi(it as i32));
        *w -= RATE * mh / (vh.sqrt() + 1e-12);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_reach_the_minimum_of_a_bowl() {
        // (w0 - 30)^2 + 100 (w1 + 7)^2: the second weight's gradient is a
        // hundred times steeper, and both arrive.
        let mut w = [0.0, 0.0];
        let mut adam = Adam::new(2);
        for it in 1..=2000 {
            let g = [2.0 * (w[0] - 30.0), 200.0 * (w[1] + 7.0)];
            for i in 0..2 {
                adam.step(i, &mut w[i], g[i], it);
            }
        }
        assert!(
            (w[0] - 30.0).abs() < 0.5 && (w[1] + 7.0).abs() < 0.5,
            "{w:?}"
        );
    }
}
