//! The test a shooting hit owes, by ruleset.

/// The test a unit owes when hit, and the hits it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwedTest {
    /// A morale test for the turn's shooting hits.
    MoraleForShootingHits,
    /// A fire test for the hits of the one fire that called for it (*Sound the Charge
    /// 1:25*).
    FireTest,
    /// A morale throw for the larger share of a melee's losses (*Charge Moves*).
    MoraleForMeleeShare,
}

impl OwedTest {
    /// "morale test", "fire test".
    pub fn word(self) -> &'static str {
        match self {
            OwedTest::MoraleForShootingHits | OwedTest::MoraleForMeleeShare => "morale test",
            OwedTest::FireTest => "fire test",
        }
    }
}
