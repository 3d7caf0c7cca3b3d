//! The two kinds of hits a unit takes.

use serde::{Deserialize, Serialize};

/// Loss hits come from shooting and combat, rout hits from retreats; both remove figures
/// but are counted apart (*Assessing Damage to Units*).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HitKind {
    Loss,
    Rout,
}

impl HitKind {
    /// "2 loss hits", "1 rout hit"
    pub fn count_phrase(self, count: u32) -> String {
        let kind = match self {
            HitKind::Loss => "loss",
            HitKind::Rout => "rout",
        };
        format!(
            "{count} {kind} {}",
            crate::core::plural::agreeing(count, "hit")
        )
    }
}
