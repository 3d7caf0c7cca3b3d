//! What *Old Trousers II*'s movement rules forbid, each with the data its sentence names.

use super::unit::Formation;

/// What *Old Trousers II*'s movement table forbids a move (*Movement*, p14-17).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Forbidden {
    #[error("cavalry may not enter {area}")]
    CavalryInWoods { area: &'static str },
    #[error("formed units may not enter heavy woods")]
    FormedInHeavyWoods,
    #[error("a bridge is crossed only in company column or skirmish order")]
    BridgeOrder,
    #[error("may not cross a {obstacle}")]
    MayNotCross { obstacle: &'static str },
    #[error("a routed unit makes rout moves instead")]
    Routed,
    #[error("{unit} may not be in {formation}")]
    MayNotBeIn { unit: String, formation: Formation },
    #[error("operational movement allows no charge and no formation change")]
    Operational,
    #[error("cavalry moves only into its forward arc")]
    CavalryOblique,
    /// The movement table has no rate for the unit in that formation.
    #[error("no movement rate")]
    NoRate,
    #[error("artillery may not charge")]
    ArtilleryCharge,
}
